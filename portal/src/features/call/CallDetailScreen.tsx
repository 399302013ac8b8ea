import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  CardHeader,
  MessageBar,
  MessageBarBody,
  Subtitle1,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ApiError } from '@shared/api/client';
import { FINAL_CALL_STATUSES, type CallDetail } from '@shared/schemas';
import { useSignedInUser } from '../../auth/AuthProvider';
import { callQuery } from '@shared/api/queries/calls';
import { useServices } from '../../core/services';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ErrorBar } from '../../components/ErrorBar';
import { PageHeader } from '../../components/PageHeader';
import { RouterLink } from '../../components/RouterLink';
import { formatDateTime } from '../../lib/dates';
import { errorText } from '../../lib/errors';
import { MODE_LABEL, formatDuration, formatScore, statusColor, statusLabel } from './call-format';
import { CALL_TEXT as T } from './call-text';
import { FeedbackCard } from './FeedbackCard';
import { TranscriptView } from './TranscriptView';

const POLL_MS = 5000;

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '860px' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  facts: { display: 'flex', gap: tokens.spacingHorizontalXL, flexWrap: 'wrap', margin: 0 },
  fact: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0 },
  back: { alignSelf: 'flex-start' },
});

/** Call logs (docs/product.md#call-logs): one of the caller's calls with its transcript and feedback; anyone else's → not found. */
export function CallDetailScreen() {
  const styles = useStyles();
  const { id = '' } = useParams();
  const { api } = useServices();
  const { uid } = useSignedInUser();
  const call = useQuery({
    ...callQuery(api, uid, id),
    refetchOnMount: 'always',
    // A call still running is re-read until it ends (then it has its feedback).
    refetchInterval: (q) => (q.state.data && !FINAL_CALL_STATUSES.includes(q.state.data.status) ? POLL_MS : false),
  });
  const back = (
    <RouterLink to="/call-logs" className={styles.back}>
      Back to Call Logs
    </RouterLink>
  );

  if (call.isPending) return <CenteredSpinner label="Loading the call..." />;
  if (call.isError) {
    const notFound = call.error instanceof ApiError && call.error.status === 404;
    return (
      <div className={styles.stack}>
        <PageHeader title={notFound ? 'Call not found' : 'Call Logs'} />
        {notFound ? (
          <Card className={styles.card}>
            <Body1>This call does not exist or belongs to another account.</Body1>
            {back}
          </Card>
        ) : (
          <ErrorBar title="The call could not be loaded" action={<Button onClick={() => void call.refetch()}>Try again</Button>}>
            {errorText(call.error)}
          </ErrorBar>
        )}
        {notFound ? null : back}
      </div>
    );
  }
  return <CallDetailView call={call.data} back={back} />;
}

function CallDetailView({ call, back }: { call: CallDetail; back: ReactNode }) {
  const styles = useStyles();
  const facts: [string, ReactNode][] = [
    ['Mode', MODE_LABEL[call.mode]],
    [
      'Status',
      <Badge key="s" appearance="tint" color={statusColor(call.status)}>
        {statusLabel(call.status)}
      </Badge>,
    ],
    ['Date', formatDateTime(call.createdAt)],
    ['Duration', formatDuration(call.durationSeconds)],
    ['Score', formatScore(call.score)],
  ];
  return (
    <div className={styles.stack}>
      <PageHeader
        title={call.scenario.title}
        subtitle={`${call.scenario.prospectName}, ${call.scenario.prospectRole} at ${call.scenario.company}`}
      />
      {back}
      <Card className={styles.card}>
        <dl className={styles.facts}>
          {facts.map(([term, value]) => (
            <div key={term} className={styles.fact}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.value}>{value}</dd>
            </div>
          ))}
        </dl>
        <Body1>{call.scenario.summary}</Body1>
        <Body1>
          <strong>Goal:</strong> {call.scenario.goal}
        </Body1>
        {call.status === 'abandoned' ? (
          <MessageBar intent="info" layout="multiline">
            <MessageBarBody>{call.mode === 'browser' ? T.abandonedBrowser : T.abandonedPhone}</MessageBarBody>
          </MessageBar>
        ) : call.errorMessage ? (
          <ErrorBar title="What went wrong">{call.errorMessage}</ErrorBar>
        ) : null}
      </Card>
      {call.feedback ? (
        <FeedbackCard feedback={call.feedback} />
      ) : (
        <Card>
          <Body1>
            {FINAL_CALL_STATUSES.includes(call.status) ? 'No feedback for this call.' : 'Feedback appears here when the call has ended.'}
          </Body1>
        </Card>
      )}
      <Card className={styles.card}>
        <CardHeader header={<Subtitle1 as="h2">Transcript</Subtitle1>} />
        {call.transcript.length === 0 ? (
          <Caption1>Nothing was said in this call.</Caption1>
        ) : (
          <TranscriptView turns={call.transcript} prospectName={call.scenario.prospectName} label="Transcript" />
        )}
      </Card>
    </div>
  );
}
