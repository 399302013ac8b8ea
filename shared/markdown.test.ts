import { describe, expect, it } from 'vitest';
import { buildInsightsMarkdown, parseInline, parseMarkdownBlocks, splitLabel } from './markdown';

describe('shared markdown parser (portal and widget render from it)', () => {
  it('parses headings, lists and wrapped paragraphs, decoding the URL-encoded characters', () => {
    expect(parseMarkdownBlocks('# Top\n### Sub\n- a\n- b\n1. one\nfirst%20line\nsecond line\n\nnext')).toEqual([
      { kind: 'heading', level: 2, text: 'Top' },
      { kind: 'heading', level: 3, text: 'Sub' },
      { kind: 'ul', items: ['a', 'b'] },
      { kind: 'ol', items: ['one'] },
      { kind: 'p', text: 'first line second line' },
      { kind: 'p', text: 'next' },
    ]);
  });

  it("drops 'undefined' after a colon and splits the label", () => {
    expect(parseMarkdownBlocks('Company: undefined')).toEqual([{ kind: 'p', text: 'Company:' }]);
    expect(splitLabel('Role: VP of Sales')).toEqual({ label: 'Role', rest: 'VP of Sales' });
    expect(splitLabel('https://example.com')).toBeNull();
  });

  it('only http(s) and mailto targets are links', () => {
    expect(parseInline('[a](https://x.example) [b](javascript:void) **c** *d*')).toEqual([
      { kind: 'link', text: 'a', href: 'https://x.example' },
      { kind: 'text', text: ' ' },
      { kind: 'link', text: 'b', href: null },
      { kind: 'text', text: ' ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'c' }] },
      { kind: 'text', text: ' ' },
      { kind: 'em', text: 'd' },
    ]);
  });

  it('builds the insights text with section titles, without repeating a title the writer wrote', () => {
    expect(buildInsightsMarkdown(['## News-Driven Conversation Starters\n- x', '', 'extra'])).toBe(
      '## News-Driven Conversation Starters\n\n- x\n\n## Additional Insights\n\nextra',
    );
  });
});
