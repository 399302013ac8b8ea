import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { Markdown } from './markdown';
import { buildInsightsMarkdown, historyInsightsMarkdown } from './insights-text';

function show(source: string) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <Markdown source={source} />
    </FluentProvider>,
  ).container;
}

describe('lightweight markdown', () => {
  it('renders ##, ### and #### headings, bullet and numbered lines', () => {
    const c = show('## Starters\n### Sub\n#### Detail\n- one\n* two\n1. first\n2. second\nplain text');
    expect(screen.getByRole('heading', { level: 2, name: 'Starters' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Sub' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Detail' })).toBeInTheDocument();
    expect(c.querySelectorAll('ul > li')).toHaveLength(2);
    expect(c.querySelectorAll('ol > li')).toHaveLength(2);
    expect(screen.getByText('plain text').tagName).toBe('P');
  });

  it('renders bold, italic and http(s) links as elements', () => {
    const c = show('This is **bold** and *italic* and a [site](https://example.com/a).');
    expect(c.querySelector('strong')).toHaveTextContent('bold');
    expect(c.querySelector('em')).toHaveTextContent('italic');
    const link = screen.getByRole('link', { name: 'site' });
    expect(link).toHaveAttribute('href', 'https://example.com/a');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('never renders raw HTML or javascript: links', () => {
    const c = show('<script>window.hacked = 1</script>\n- [click](javascript:alert(1))\n<img src=x onerror=alert(1)>');
    expect(c.querySelector('script')).toBeNull();
    expect(c.querySelector('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('click')).toBeInTheDocument();
    expect(c.textContent).toContain('<script>window.hacked = 1</script>');
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  it('highlights a label before a colon and drops a literal undefined after it', () => {
    const c = show('- Company: Acme\n- Location: undefined');
    const labels = [...c.querySelectorAll('li > strong')].map((n) => n.textContent);
    expect(labels).toEqual(['Company:', 'Location:']);
    expect(c.textContent).not.toContain('undefined');
  });

  // Issue 27: the server never URL-encodes, so %-escapes are the writer's own (links, '100%') and stay.
  it('keeps %-escapes in links and text as written', () => {
    const c = show('Say %22hi%22 to 100% of them: [the report](https://x.example/a%20b?q=50%25)');
    expect(c.textContent).toContain('Say %22hi%22 to 100% of them');
    expect(c.querySelector('a')).toHaveAttribute('href', 'https://x.example/a%20b?q=50%25');
  });
});

describe('insights text', () => {
  it('titles sections 0, 1, the communication style (3) and every further one, without repeating a title the writer gave', () => {
    const md = buildInsightsMarkdown(['## News-Driven Conversation Starters\n- a', '- b', '- c', '- d', '- e']);
    expect(md).toBe(
      '## News-Driven Conversation Starters\n\n- a\n\n## Tips for Building Rapport\n\n- b\n\n## Additional Insights\n\n- c\n\n## Communication Style (a guess)\n\n- d\n\n## Additional Insights\n\n- e',
    );
  });

  it('titles section 0 of a saved item by whether it cited news (a no-news answer must not claim to be news-driven)', () => {
    expect(historyInsightsMarkdown(['- a', '- b'], false)).toMatch(/^## Conversation Starters\n/);
    expect(historyInsightsMarkdown(['- a', '- b'], true)).toMatch(/^## News-Driven Conversation Starters\n/);
    // Items stored before this was recorded keep the original title.
    expect(historyInsightsMarkdown(['- a', '- b'])).toMatch(/^## News-Driven Conversation Starters\n/);
  });

  it("gives 'No Insights Available' for an item without insights", () => {
    expect(historyInsightsMarkdown([])).toBe('## No Insights Available\n\nNo detailed insights were found for this profile.');
  });
});
