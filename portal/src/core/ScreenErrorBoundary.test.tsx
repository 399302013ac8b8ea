import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES as M } from '@shared/messages';
import { ScreenErrorBar } from '../components/ScreenErrorBar';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

let failWith: Error | null = null;
function Screen() {
  if (failWith) throw failWith;
  return <p>The screen</p>;
}

function renderBoundary(resetKey: string, withBar = true) {
  return (
    <ScreenErrorBoundary
      resetKey={resetKey}
      fallback={withBar ? (error, retry) => <ScreenErrorBar error={error} retry={retry} /> : undefined}
    >
      <Screen />
    </ScreenErrorBoundary>
  );
}

describe('ScreenErrorBoundary', () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);

  it("says the portal was updated when a screen's file is gone, and offers only a reload", () => {
    failWith = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/UsageScreen-abc.js');
    render(renderBoundary('/usage'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(M.screenOutdatedTitle);
    expect(alert).toHaveTextContent(M.screenOutdatedBody);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows a failed screen in its place; Try again renders it anew', async () => {
    failWith = new Error('boom');
    render(renderBoundary('/icebreak'));
    expect(screen.getByRole('alert')).toHaveTextContent(M.screenFailedTitle);
    expect(screen.queryByText('The screen')).toBeNull();
    failWith = null;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('The screen')).toBeInTheDocument();
  });

  it('clears on navigation to another path', () => {
    failWith = new Error('boom');
    const view = render(renderBoundary('/icebreak'));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    failWith = null;
    view.rerender(renderBoundary('/enrich'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('The screen')).toBeInTheDocument();
  });

  it('without a fallback, shows plain HTML that needs no other file', () => {
    failWith = new TypeError('Importing a module script failed.');
    render(renderBoundary('/auth', false));
    expect(screen.getByRole('heading', { name: M.screenOutdatedTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
