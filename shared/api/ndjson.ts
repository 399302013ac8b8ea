import { streamLineSchema, type StreamLine } from '../schemas/icebreak';

/** Decode the URL-encoded newline, space, double quote and apostrophe the stream may carry (docs/architecture.md#icebreak-stream). */
export function decodeStreamContent(content: string): string {
  return content
    .replace(/%0D%0A/gi, '\n')
    .replace(/%0A/gi, '\n')
    .replace(/%20/g, ' ')
    .replace(/%22/g, '"')
    .replace(/%27/g, "'");
}

/** Parse one stream line; `data:` prefixes and blank lines are allowed. Returns null for blank lines. */
export function parseStreamLine(raw: string): StreamLine | null {
  let line = raw.trim();
  if (line.startsWith('data:')) line = line.slice(5).trim();
  if (!line || line === '[DONE]') return null;
  const parsed = streamLineSchema.parse(JSON.parse(line));
  return { ...parsed, content: decodeStreamContent(parsed.content) };
}

/** Read an Icebreak NDJSON body line by line as it arrives. */
export async function* readIcebreakStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamLine> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const parsed = parseStreamLine(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        if (parsed) yield parsed;
      }
    }
    buffer += decoder.decode();
    const last = parseStreamLine(buffer);
    if (last) yield last;
  } finally {
    reader.releaseLock();
  }
}
