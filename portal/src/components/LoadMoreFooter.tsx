import { Button, makeStyles } from '@fluentui/react-components';
import { errorText } from '../lib/errors';
import { ErrorBar } from './ErrorBar';

const useStyles = makeStyles({
  more: { alignSelf: 'center' },
});

/** The part of an infinite query a paged list's footer needs (TanStack Query's `useInfiniteQuery` result fits). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The footer of a paged list: a button that loads the next page while there is one, and, when
 * that load failed, what failed and why, so the list never ends silently.
 */
export function LoadMoreFooter({ query, label = 'Load more', errorTitle }: { query: PagedQuery; label?: string; errorTitle: string }) {
  const styles = useStyles();
  return (
    <>
      {query.isFetchNextPageError ? <ErrorBar title={errorTitle}>{errorText(query.error)}</ErrorBar> : null}
      {query.hasNextPage ? (
        <Button className={styles.more} disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? 'Loading...' : label}
        </Button>
      ) : null}
    </>
  );
}
