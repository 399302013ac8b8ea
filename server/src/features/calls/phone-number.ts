import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A phone number in any common written form → E.164, or null when it is not a real number.
 * The full ("max") metadata checks the number ranges of each country, not only the length.
 * "00" before the country code means "+"; a number with no country code is read as North
 * American (Twilio's home market) and must then be valid there.
 */
export function toE164(input: string): string | null {
  const text = input.trim().replace(/^00(?=\s*[1-9])/, '+');
  const parsed = text.startsWith('+') ? parsePhoneNumberFromString(text) : parsePhoneNumberFromString(text, 'US');
  return parsed?.isValid() ? parsed.number : null;
}
