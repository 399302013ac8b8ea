import { Link, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Button } from '@fluentui/react-components';
import type { Problem } from '../app/problems';
import { WIDGET_TEXT } from '../app/messages';

/** One failure, with the way out: the upgrade link for credits, a retry where it helps. */
export function ProblemBar({ problem, upgradeUrl, onRetry }: { problem: Problem; upgradeUrl?: string; onRetry?: () => void }) {
  return (
    <MessageBar intent={problem.kind === 'leadData' ? 'warning' : 'error'} layout="multiline" data-problem={problem.kind}>
      <MessageBarBody>
        <MessageBarTitle>{problem.title}</MessageBarTitle>
        {problem.message}
        {problem.kind === 'noCredits' && upgradeUrl && (
          <>
            {' '}
            <Link href={upgradeUrl} target="_blank" rel="noopener noreferrer">
              {WIDGET_TEXT.upgrade}
            </Link>
          </>
        )}
      </MessageBarBody>
      {onRetry && (
        <MessageBarActions>
          <Button size="small" onClick={onRetry}>
            Try again
          </Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}
