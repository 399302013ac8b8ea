import { describe, expect, it } from 'vitest';
import { createSectionSplitter } from './section-splitter';
import type { IcebreakChunk } from './text-generator';

function feed(pieces: string[]) {
  const s = createSectionSplitter();
  const out: IcebreakChunk[] = [];
  const perPush: IcebreakChunk[][] = [];
  for (const p of pieces) {
    const got = s.push(p);
    perPush.push(got);
    out.push(...got);
  }
  out.push(...s.end());
  const joined = new Map<number, string>();
  for (const c of out) joined.set(c.section, (joined.get(c.section) ?? '') + c.content);
  return { out, perPush, joined };
}

describe('section splitter', () => {
  it('splits on markers and passes text on at once', () => {
    const { joined, perPush } = feed(['[[section:0]]\n- a', ' b\n', '[[section:1]]\n- c\n', '[[section:2]]\n- d']);
    expect([...joined.entries()]).toEqual([
      [0, '- a b\n'],
      [1, '- c\n'],
      [2, '- d'],
    ]);
    expect(perPush[0]).toEqual([{ section: 0, content: '- a' }]);
  });

  it('handles markers split across pieces, one character at a time', () => {
    const text = '[[section:0]]\nHi [there]\n[[section:1]]\nTips\n[[section:12]]\nMore';
    const { joined } = feed([...text]);
    expect(joined.get(0)).toBe('Hi [there]\n');
    expect(joined.get(1)).toBe('Tips\n');
    expect(joined.get(12)).toBe('More');
  });

  it('text before any marker is section 0; brackets that are not markers are kept', () => {
    const { joined } = feed(['Intro [[link]] and [[sect', 'ion]] and [x', '']);
    expect(joined.get(0)).toBe('Intro [[link]] and [[section]] and [x');
  });
});
