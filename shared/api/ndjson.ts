import { streamLineSchema, type StreamLine } from '../schemas/icebreak';

/**
 * Parse one stream line; `data:` prefixes and blank lines are allowed. Returns null for blank lines.
 * `content` is taken as written: JSON already escapes what needs escaping and the server encodes
 * nothing more, so decoding '%20' here would break links and '100%' in an answer.
 */
export function parseStreamLine(raw: string): StreamLine | null {
  let line = raw.trim();
  if (line.startsWith('data:')) line = line.slice(5).trim();
  if (!line || line === '[DONE]') return null;
  return streamLineSchema.parse(JSON.parse(line));
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
