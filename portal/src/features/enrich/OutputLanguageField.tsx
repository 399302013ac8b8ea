import type { Control } from 'react-hook-form';
import { Field, Select } from '@fluentui/react-components';
import { OUTPUT_LANGUAGE_LABELS, OUTPUT_LANGUAGE_SETTINGS, WRITER_LANGUAGES } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import type { EnrichmentSettings } from '@shared/schemas';
import { useBoundField } from '@shared/ui/form-fields';
import { useServices } from '../../core/services';

/** The writers' output language (docs/product.md#output-language), with what the active writer can do. */
export function OutputLanguageField({ control }: { control: Control<EnrichmentSettings> }) {
  const { config } = useServices();
  const { error, inputProps } = useBoundField(control, 'outputLanguage');
  const englishOnly = WRITER_LANGUAGES[config.generator].length === 1;
  return (
    <Field label="Output language" hint={englishOnly ? MESSAGES.offlineWritesEnglish : undefined} validationMessage={error}>
      <Select {...inputProps} value={inputProps.value || 'auto'}>
        {OUTPUT_LANGUAGE_SETTINGS.map((l) => (
          <option key={l} value={l}>
            {OUTPUT_LANGUAGE_LABELS[l]}
          </option>
        ))}
      </Select>
    </Field>
  );
}
