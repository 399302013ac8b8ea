import { Button } from '@fluentui/react-components';
import type { ScreenError } from '../core/ScreenErrorBoundary';
import { ErrorBar } from './ErrorBar';

/** A screen that failed, shown in its place inside the layout: try it again, or reload the page. */
export function ScreenErrorBar({ error, retry }: { error: ScreenError; retry: () => void }) {
  return (
    <ErrorBar
      role="alert"
      title={error.title}
      action={
        <>
          {!error.outdated && <Button onClick={retry}>Try again</Button>}
          <Button appearance={error.outdated ? 'primary' : 'secondary'} onClick={() => window.location.reload()}>
            Reload
          </Button>
        </>
      }
    >
      {error.body}
    </ErrorBar>
  );
}
