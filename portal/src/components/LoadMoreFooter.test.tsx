import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { LoadMoreFooter, type PagedQuery } from './LoadMoreFooter';

function query(over: Partial<PagedQuery> = {}): PagedQuery {
  return {
    hasNextPage: true,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    error: null,
    fetchNextPage: vi.fn(async () => undefined),
    ...over,
  };
}

function show(q: PagedQuery, label?: string) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <LoadMoreFooter query={q} label={label} errorTitle="More rows could not be loaded" />
    </FluentProvider>,
  );
}

describe('LoadMoreFooter', () => {
  it('loads the next page on click, under its own label', async () => {
    const q = query();
    show(q, 'Show older entries');
    await userEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('is disabled and says so while the next page loads', () => {
    show(query({ isFetchingNextPage: true }));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  });

  it('shows nothing once the last page is in', () => {
    const { container } = show(query({ hasNextPage: false }));
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.textContent).toBe('');
  });

  it('says what failed and why when the next page failed, and offers the button again', () => {
    show(query({ isFetchNextPageError: true, error: new Error('Network down') }));
    expect(screen.getByText('More rows could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/Network down/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });
});
