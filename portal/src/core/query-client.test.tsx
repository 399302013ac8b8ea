import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createQueryClient } from './query-client';
import { NotifyProvider, useNotify } from '../components/notify';
import { useAuth } from '../auth/AuthProvider';
import { json, userRecord } from '../test/fake-api';
import { renderApp } from '../test/render-app';
import { queryKeys } from '@shared/api/queries/keys';

describe('query defaults: no interval, no refetch on focus, never stale, no retries', () => {
  it('no interval, no refetch on focus, never stale, no retries for queries or mutations', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('the user query retries once, is fresh for 5 minutes and not refetched on focus', async () => {
    let calls = 0;
    const { queryClient } = renderApp({
      path: '/settings',
      routes: { 'GET /api/user/:uid': () => (++calls === 1 ? json({ message: 'blip' }, 503) : json(userRecord())) },
    });
    expect(await screen.findByText('Account Information', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls).toBe(2);
    const query = queryClient.getQueryCache().find({ queryKey: queryKeys.record('uid-1') })!;
    expect(query.options).toMatchObject({ staleTime: 5 * 60 * 1000, retry: 1, refetchOnWindowFocus: false });
    act(() => void window.dispatchEvent(new Event('focus')));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toBe(2);
  });
});

function Notifier() {
  const notify = useNotify();
  return (
    <>
      <button onClick={() => notify({ title: 'First notice' })}>first</button>
      <button onClick={() => notify({ title: 'Second notice' })}>second</button>
    </>
  );
}

describe('toasts', () => {
  it('one at a time: the newest replaces the one on screen', async () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <NotifyProvider>
          <Notifier />
        </NotifyProvider>
      </FluentProvider>,
    );
    act(() => screen.getByText('first').click());
    await screen.findByText('First notice', { selector: '.fui-ToastTitle' });
    act(() => screen.getByText('second').click());
    await screen.findByText('Second notice', { selector: '.fui-ToastTitle' });
    await waitFor(() => expect(screen.queryByText('First notice', { selector: '.fui-ToastTitle' })).toBeNull());
  });

  it('useNotify outside its provider is an error', () => {
    const spy = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<Notifier />)).toThrow('useNotify must be used within a NotifyProvider');
    } finally {
      console.error = spy;
    }
  });
});

function AuthUser() {
  return <span>{useAuth().user?.email}</span>;
}

describe('auth context', () => {
  it('using it outside its provider is an error', () => {
    const spy = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<AuthUser />)).toThrow('useAuth must be used within an AuthProvider');
    } finally {
      console.error = spy;
    }
  });
});
