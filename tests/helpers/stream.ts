import type { StreamLine } from '@shared/schemas/icebreak';

/** Read an Icebreak stream to its end. */
export async function collectLines(lines: AsyncIterable<StreamLine>): Promise<StreamLine[]> {
  const out: StreamLine[] = [];
  for await (const line of lines) out.push(line);
  return out;
}
