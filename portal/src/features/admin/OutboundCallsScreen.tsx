import { Navigate } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Body1, Caption1, Card, CardHeader, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { ApiError } from '@shared/api/client';
import type { OutboundCallRecord } from '@shared/schemas';
import { outboundCallsQuery } from '@shared/api/queries/calls';
import { useServices } from '../../core/services';
import { useUserRecord } from '../../core/user-record';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ErrorBar } from '../../components/ErrorBar';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime } from '../../lib/dates';
import { errorText } from '../../lib/errors';

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalM, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' },
  error: { color: tokens.colorPaletteRedForeground1 },
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

export const OUTBOUND_CALL_PAGE_SIZE = 24;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Admin-only list of outbound calls; everyone else is sent to / (the server checks too). */
export function OutboundCallsScreen() {
  const record = useUserRecord();
  if (record.isPending) return <CenteredSpinner />;
  if (!record.data?.isAdmin) return <Navigate to="/" replace />;
  return <OutboundCallList />;
}

function OutboundCallList() {
  const styles = useStyles();
  const { api } = useServices();
  const calls = useInfiniteQuery(outboundCallsQuery(api, OUTBOUND_CALL_PAGE_SIZE));
  const items = calls.data?.pages.flat() ?? [];
  return (
    <div className={styles.stack}>
      <PageHeader title="Outbound Calls" />
      {calls.isPending ? (
        <CenteredSpinner />
      ) : !calls.data ? (
        calls.error instanceof ApiError && calls.error.status === 403 ? (
          <ErrorBar title="Administrators only">
            Only administrators can see the outbound-call log, and the server does not count this account as one.
          </ErrorBar>
        ) : (
          <ErrorBar>{`Failed to load outbound calls: ${errorText(calls.error)}`}</ErrorBar>
        )
      ) : items.length === 0 ? (
        <Body1>No outbound calls yet.</Body1>
      ) : (
        <>
          <div className={styles.list}>
            {items.map((call) => (
              <CallCard key={call.id} call={call} />
            ))}
          </div>
          <LoadMoreFooter query={calls} errorTitle="Failed to load more outbound calls" />
        </>
      )}
    </div>
  );
}

function CallCard({ call }: { call: OutboundCallRecord }) {
  const styles = useStyles();
  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">{call.user.email}</Subtitle2>} description={<Caption1>{call.quest.title}</Caption1>} />
      <Body1>Status: {capitalise(call.status)}</Body1>
      <Body1>Scheduled For: {formatDateTime(call.scheduledFor)}</Body1>
      {call.completedAt ? <Body1>Completed At: {formatDateTime(call.completedAt)}</Body1> : null}
      {call.errorMessage ? <Body1 className={styles.error}>Error: {call.errorMessage}</Body1> : null}
    </Card>
  );
}
