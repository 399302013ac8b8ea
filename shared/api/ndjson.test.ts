import { describe, expect, it } from 'vitest';
import { parseStreamLine, readIcebreakStream } from './ndjson';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(enc.encode(c));
      controller.close();
    },
  });
}

describe('Icebreak NDJSON reader', () => {
  it('keeps content as written: a URL with %-escapes and a literal % survive intact', async () => {
    // The server writes JSON.stringify(line) and encodes nothing else (server/src/features/icebreak).
    const content = 'Read https://news.example/a%20b%2Fc?q=%22x%22&p=50%25 (50% off)\nIt%27s "quoted"';
    const out = [];
    for await (const l of readIcebreakStream(streamOf([`${JSON.stringify({ content, section: 0 })}\n`]))) out.push(l.content);
    expect(out).toEqual([content]);
    expect(parseStreamLine(`data: ${JSON.stringify({ content: '100%0A', section: 1 })}`)?.content).toBe('100%0A');
  });

  it('accepts data: prefixes and skips blank lines', () => {
    expect(parseStreamLine('data: {"content":"x","section":1}')).toMatchObject({ content: 'x', section: 1 });
    expect(parseStreamLine('   ')).toBeNull();
    expect(parseStreamLine('data: [DONE]')).toBeNull();
  });

  it('reassembles lines split across chunks, including multi-byte characters', async () => {
    const line = JSON.stringify({ content: 'Grüße – 👋', section: 0 });
    const bytes = new TextEncoder().encode(`${line}\n{"content":"","section":1,"errorMessage":"boom"}\n`);
    const chunks = [bytes.slice(0, 15), bytes.slice(15, 16), bytes.slice(16)];
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const ch of chunks) c.enqueue(ch);
        c.close();
      },
    });
    const out = [];
    for await (const l of readIcebreakStream(body)) out.push(l);
    expect(out).toEqual([
      { content: 'Grüße – 👋', section: 0 },
      { content: '', section: 1, errorMessage: 'boom' },
    ]);
  });

  it('reads a last line without a trailing newline', async () => {
    const out = [];
    for await (const l of readIcebreakStream(streamOf(['{"content":"a","section":0}\n{"content":"b","sec', 'tion":2}'])))
      out.push(l.content);
    expect(out).toEqual(['a', 'b']);
  });

  it('rejects a line that is not JSON', async () => {
    const it = readIcebreakStream(streamOf(['not json\n']));
    await expect(it.next()).rejects.toThrow();
  });
});
