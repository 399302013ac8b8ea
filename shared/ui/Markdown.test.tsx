import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { buildInsightsMarkdown, safeLinkTarget, splitLabel, toPlainText } from '../markdown';
import { Markdown } from './Markdown';

function html(source: string): HTMLElement {
  return render(<Markdown source={source} />).container;
}

describe('shared markdown renderer (portal and widget render with it)', () => {
  it('renders headings, lists and wrapped paragraphs, keeping %-escapes as written', () => {
    const c = html('# Top\n### Sub\n- a\n- b\n1. one\nfirst line\nsecond line\n\nnext 100%20');
    expect([...c.querySelectorAll('h2, h3')].map((h) => `${h.tagName}:${h.textContent}`)).toEqual(['H2:Top', 'H3:Sub']);
    expect([...c.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['a', 'b']);
    expect([...c.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['one']);
    expect([...c.querySelectorAll('p')].map((p) => p.textContent?.replace(/\s+/g, ' '))).toEqual(['first line second line', 'next 100%20']);
  });

  it("drops 'undefined' after a colon and splits the label", () => {
    const c = html('Company: undefined');
    expect(c.querySelector('p')?.textContent).toBe('Company:');
    expect(c.querySelector('p > strong')?.textContent).toBe('Company:');
    expect(splitLabel('Role: VP of Sales')).toEqual({ label: 'Role', rest: 'VP of Sales' });
    expect(splitLabel('https://example.com')).toBeNull();
  });

  it('only http(s) and mailto targets are links', () => {
    const c = html('[a](https://x.example) [b](javascript:void) **c** *d*');
    const links = [...c.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['a', 'https://x.example']]);
    expect(c.textContent).toBe('a b c d');
    expect(c.querySelector('strong')?.textContent).toBe('c');
    expect(c.querySelector('em')?.textContent).toBe('d');
  });

  it('drops javascript:, data:, vbscript: and relative targets, whatever their case or padding', () => {
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'VBScript:msgbox',
      '/relative',
      '//evil.example',
    ]) {
      expect(safeLinkTarget(bad)).toBeNull();
    }
    expect(safeLinkTarget(' mailto:a@b.example')).toBe('mailto:a@b.example');
    const c = html('[x](data:text/html,hi) [y](vbscript:msgbox) [z](JAVASCRIPT:alert(1)) <a href="javascript:alert(1)">w</a>');
    expect(c.querySelector('a')).toBeNull();
  });

  it('opens links in a new tab without an opener, and never renders raw HTML or images', () => {
    const c = html('[site](https://example.com/a) <b onclick="x()">b</b> ![pic](https://img.example/x.png)');
    const a = c.querySelector('a')!;
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(c.querySelector('b')).toBeNull();
    expect(c.querySelector('img')).toBeNull();
    expect(c.textContent).toContain('<b onclick="x()">b</b>');
  });

  it('builds the insights text with section titles, without repeating a title the writer wrote', () => {
    expect(buildInsightsMarkdown(['## News-Driven Conversation Starters\n- x', '', 'extra'])).toBe(
      '## News-Driven Conversation Starters\n\n- x\n\n## Additional Insights\n\nextra',
    );
  });

  it('gives the copy buttons plain text, not markdown', () => {
    expect(toPlainText('## Title\n* **Bold** and [site](https://a.example)')).toBe('Title\n- Bold and site (https://a.example)');
  });
});
