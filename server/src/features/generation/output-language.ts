import type { OutputLanguage } from '@shared/constants';
import { resolveOutputLanguage } from '@shared/language';
import type { EnrichInput, IcebreakInput } from './text-generator';

/** Every text field of a lead, as one text (its language, the words its checks leave alone). */
export function leadText(input: EnrichInput): string {
  const { extra, ...fields } = input.lead;
  return [...Object.values(fields), ...Object.values(extra ?? {})].filter((v) => v !== null && v !== undefined).join('\n');
}

/** The language the LLM writer answers in (docs/product.md#output-language): the user's setting, else the input's language, else English. */
export function icebreakLanguage(input: IcebreakInput): OutputLanguage {
  return resolveOutputLanguage(input.settings.outputLanguage, input.description);
}

export function enrichLanguage(input: EnrichInput): OutputLanguage {
  // The Description says most about the language; the other fields are mostly names.
  return resolveOutputLanguage(input.settings.outputLanguage, input.lead.Description || leadText(input));
}
