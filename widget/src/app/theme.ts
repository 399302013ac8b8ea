import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';

/** A blue close to Zoho CRM's buttons and links, on Fluent's light theme. */
const zohoBlue: BrandVariants = {
  10: '#020306',
  20: '#0E1A2C',
  30: '#112A4C',
  40: '#123665',
  50: '#12437F',
  60: '#11509A',
  70: '#0F5EB5',
  80: '#136BCF',
  90: '#3479D6',
  100: '#4D87DC',
  110: '#6396E1',
  120: '#78A5E6',
  130: '#8DB4EB',
  140: '#A2C3EF',
  150: '#B7D2F4',
  160: '#CCE1F8',
};

export const widgetTheme: Theme = {
  ...createLightTheme(zohoBlue),
  fontFamilyBase: "'Lato', 'Segoe UI', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', sans-serif",
};
