import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ACCOUNT_MESSAGES as M } from '@shared/messages';

export interface ScreenError {
  /** The screen's file no longer exists: the portal was redeployed while the tab was open. */
  outdated: boolean;
  title: string;
  body: string;
}

type Fallback = (error: ScreenError, retry: () => void) => ReactNode;

/**
 * A screen's chunk that no longer exists or a render error: React would otherwise unmount the whole
 * app and leave a blank page. This shows `fallback` in the screen's place instead (the rest of the
 * page stays); `resetKey` (the path) clears it on navigation.
 */
export class ScreenErrorBoundary extends Component<
  { resetKey: string; fallback?: Fallback; children: ReactNode },
  { error: unknown; key: string }
> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('screen failed:', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const outdated = isChunkLoadError(this.state.error);
    const error: ScreenError = outdated
      ? { outdated, title: M.screenOutdatedTitle, body: M.screenOutdatedBody }
      : { outdated, title: M.screenFailedTitle, body: M.screenFailedBody };
    return (this.props.fallback ?? plainFallback)(error, () => this.setState({ error: null }));
  }
}

/** What Chromium, Firefox and Safari throw when a dynamic import's file cannot be fetched. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
      error.message,
    )
  );
}

/** Plain HTML: the app's outermost boundary must not need a chunk (or Fluent's MessageBar) of its own. */
const plainFallback: Fallback = (error) => (
  <div role="alert" style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem', maxWidth: '40rem' }}>
    <h1 style={{ fontSize: '1.25rem' }}>{error.title}</h1>
    <p>{error.body}</p>
    <button type="button" onClick={() => window.location.reload()}>
      Reload
    </button>
  </div>
);
