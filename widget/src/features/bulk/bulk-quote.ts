import type { EnrichOutput } from '@shared/constants';
import type { EnrichQuote, Lead } from '@shared/schemas/enrich';
import type { WidgetApi } from '../../app/services';

/** Keeps each quote request well under the server's default body limit (100 kB) whatever the leads hold. */
const MAX_BODY_CHARS = 60_000;

/** The server's quote for these leads (what POST /enrich would charge each now), asked in requests of bounded size. */
export async function quoteBulk(
  api: Pick<WidgetApi, 'quoteEnrich'>,
  leads: readonly Lead[],
  outputs: EnrichOutput[],
): Promise<EnrichQuote> {
  const chunks: Lead[][] = [];
  let chunk: Lead[] = [];
  let size = 0;
  for (const lead of leads) {
    const chars = JSON.stringify(lead).length;
    if (chunk.length > 0 && size + chars > MAX_BODY_CHARS) {
      chunks.push(chunk);
      chunk = [];
      size = 0;
    }
    chunk.push(lead);
    size += chars;
  }
  if (chunk.length > 0) chunks.push(chunk);
  const quote: EnrichQuote = { leads: [], credits: 0 };
  for (const part of chunks) {
    const got = await api.quoteEnrich({ leads: part, outputs });
    quote.leads.push(...got.leads);
    quote.credits += got.credits;
  }
  return quote;
}

/** Why the quote is below the list price, in words for the cost line: stored answers are free, refused leads cost nothing. */
export function quoteExplanation(quote: EnrichQuote): string[] {
  const free = quote.leads.filter((l) => l.refusal === null && l.storedOutputs.length > 0);
  const fullyFree = free.filter((l) => l.credits === 0).length;
  const partlyFree = free.length - fullyFree;
  const refused = quote.leads.filter((l) => l.refusal !== null).length;
  const parts: string[] = [];
  if (fullyFree) parts.push(`${fullyFree} already enriched with this data: free`);
  if (partlyFree) parts.push(`${partlyFree} with one text already written: that text free`);
  if (refused) parts.push(`${refused} with nobody to write about: refused, not charged`);
  return parts;
}
