import { useInfiniteQuery } from '@tanstack/react-query';
import {
  Badge,
  Body1,
  Button,
  Card,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useSignedInUser } from '../../auth/AuthProvider';
import { callsQuery } from '@shared/api/queries/calls';
import { useServices } from '../../core/services';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ErrorBar } from '../../components/ErrorBar';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { PageHeader } from '../../components/PageHeader';
import { RouterLink } from '../../components/RouterLink';
import { formatDateTime } from '../../lib/dates';
import { errorText } from '../../lib/errors';
import { MODE_LABEL, formatDuration, formatScore, statusColor, statusLabel } from './call-format';

export const CALL_LOG_PAGE_SIZE = 20;

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  scroll: { overflowX: 'auto' },
  table: { minWidth: '640px' },
  empty: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
});

/** Call logs (docs/product.md#call-logs): the caller's own practice calls, newest first, a page at a time. */
export function CallLogsScreen() {
  const styles = useStyles();
  const { api } = useServices();
  const { uid } = useSignedInUser();
  const calls = useInfiniteQuery(callsQuery(api, uid, CALL_LOG_PAGE_SIZE));
  const items = calls.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className={styles.stack}>
      <PageHeader title="Call Logs" subtitle="Your AI practice calls" />
      {calls.isPending ? (
        <CenteredSpinner label="Loading your calls..." />
      ) : !calls.data ? (
        <ErrorBar title="Your call logs could not be loaded" action={<Button onClick={() => void calls.refetch()}>Try again</Button>}>
          {errorText(calls.error)}
        </ErrorBar>
      ) : items.length === 0 ? (
        <Card className={styles.empty}>
          <Body1>Your practice call logs will appear here after your first call.</Body1>
          <RouterLink to="/call">Start a practice call</RouterLink>
        </Card>
      ) : (
        <>
          <div className={styles.scroll}>
            <Table className={styles.table} aria-label="Practice calls">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>Scenario</TableHeaderCell>
                  <TableHeaderCell>Mode</TableHeaderCell>
                  <TableHeaderCell>Status</TableHeaderCell>
                  <TableHeaderCell>Date</TableHeaderCell>
                  <TableHeaderCell>Duration</TableHeaderCell>
                  <TableHeaderCell>Score</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((call) => (
                  <TableRow key={call.id}>
                    <TableCell>
                      <RouterLink to={`/call-logs/${call.id}`}>{call.scenario.title}</RouterLink>
                    </TableCell>
                    <TableCell>{MODE_LABEL[call.mode]}</TableCell>
                    <TableCell>
                      <Badge appearance="tint" color={statusColor(call.status)}>
                        {statusLabel(call.status)}
                      </Badge>
                    </TableCell>
                    <TableCell>{formatDateTime(call.createdAt)}</TableCell>
                    <TableCell>{formatDuration(call.durationSeconds)}</TableCell>
                    <TableCell>{formatScore(call.score)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <LoadMoreFooter query={calls} errorTitle="More calls could not be loaded" />
        </>
      )}
    </div>
  );
}
