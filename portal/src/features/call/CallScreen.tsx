import { useState } from 'react';
import {
  Body1,
  Button,
  Caption1,
  Card,
  CardHeader,
  Divider,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle1,
  Subtitle2,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Call24Regular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@shared/api/client';
import { PORTAL_MESSAGES as M } from '@shared/messages';
import { outboundCallResponseSchema, type OutboundCallRequest, type StartPracticeResponse } from '@shared/schemas';
import { useSignedInUser } from '../../auth/AuthProvider';
import { queryKeys } from '@shared/api/queries/keys';
import { phoneQuery } from '@shared/api/queries/calls';
import { useServices } from '../../core/services';
import { ErrorBar } from '../../components/ErrorBar';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { RouterLink } from '../../components/RouterLink';
import { errorText } from '../../lib/errors';
import { CALL_TEXT as T } from './call-text';
import { dailyLimitReset, nextCallText } from './daily-limit';
import { PhoneCallStatus } from './PhoneCallStatus';
import { PracticeSession } from './PracticeSession';
import { ScenarioPicker } from './ScenarioPicker';
import { AssignedPractice } from './AssignedPractice';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '760px' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  number: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  notice: { alignSelf: 'stretch' },
});

/** The server may answer a non-ok status with its JSON `{ success: false, error }`. */
function failureFromBody(err: ApiError): string | undefined {
  try {
    const parsed = outboundCallResponseSchema.safeParse(JSON.parse(err.body));
    if (parsed.success && !parsed.data.success) return parsed.data.error ?? M.callFailedFallback;
  } catch {
    return undefined;
  }
  return undefined;
}

/** The Call screen (docs/product.md#practice-call-screen): a phone call (Twilio) or a practice session in the browser. */
export function CallScreen() {
  const styles = useStyles();
  const [session, setSession] = useState<StartPracticeResponse | null>(null);
  const [scenarioId, setScenarioId] = useState('');
  if (session) {
    return (
      <div className={styles.stack}>
        <PageHeader title="Practice Call" subtitle="Browser practice" />
        <PracticeSession key={session.callId} start={session} onRestart={() => setSession(null)} />
      </div>
    );
  }
  return (
    <div className={styles.stack}>
      <PageHeader title="Practice Call" />
      <AssignedPractice onChoose={setScenarioId} />
      <Card className={styles.card}>
        <CardHeader image={<Call24Regular />} header={<Subtitle1 as="h2">Start an AI Practice Call Here</Subtitle1>} />
        <Body1>Start a call with a random conversation practice scenario</Body1>
        <ScenarioPicker value={scenarioId} onChange={setScenarioId} />
        <Divider />
        <PhoneSection scenarioId={scenarioId} />
        <Divider />
        <BrowserSection scenarioId={scenarioId} onStarted={setSession} />
      </Card>
    </div>
  );
}

function PhoneSection({ scenarioId }: { scenarioId: string }) {
  const styles = useStyles();
  const { api, config } = useServices();
  const { uid } = useSignedInUser();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { phoneEnabled, phoneNumber: practiceLine } = config.practice;
  const phone = useQuery({ ...phoneQuery(api, uid), enabled: phoneEnabled });
  const saved = phone.data?.phoneNumber ?? null;
  const [placed, setPlaced] = useState<string | null>(null);

  const call = useMutation({
    // The saved number or nothing: the server calls the number saved in Settings (docs/product.md#practice-calls).
    mutationFn: () => {
      const body: OutboundCallRequest = {};
      if (saved) body.phoneNumber = saved;
      if (scenarioId) body.scenarioId = scenarioId;
      return api.startOutboundCall(body);
    },
    onSuccess: (res) => {
      if (res.success) {
        notify({ title: M.callInitiated, body: M.callInitiatedBody, intent: 'success' });
        setPlaced(res.callId ?? null);
        void queryClient.invalidateQueries({ queryKey: queryKeys.calls(uid) });
      } else notify({ title: M.callFailed, body: res.error || M.callFailedFallback, intent: 'error' });
    },
    onError: (err) => {
      if (err instanceof SyntaxError) return notify({ title: 'Error', body: M.callNonJson, intent: 'error' });
      if (err instanceof ApiError) {
        const failure = failureFromBody(err);
        const reset = dailyLimitReset(err);
        if (failure)
          return notify({ title: M.callFailed, body: reset ? `${failure} ${nextCallText(reset, new Date())}` : failure, intent: 'error' });
        return notify({ title: 'Error', body: err.serverMessage ?? err.message, intent: 'error' });
      }
      notify({ title: 'Error', body: err.message || M.callConnectFailed, intent: 'error' });
    },
  });

  const ready = phoneEnabled && Boolean(saved);
  return (
    <section className={styles.section} aria-label="Phone call">
      <Subtitle2 as="h3">By phone</Subtitle2>
      {!phoneEnabled ? (
        <MessageBar intent="info" layout="multiline" className={styles.notice}>
          <MessageBarBody>{T.phoneOff}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          <Body1>
            Practice line: <Text className={styles.number}>{practiceLine}</Text>
          </Body1>
          {phone.isPending ? (
            <Spinner size="tiny" label="Loading your phone number..." />
          ) : phone.isError ? (
            <ErrorBar title={T.phoneLoadFailed} action={<Button onClick={() => void phone.refetch()}>Try again</Button>}>
              {errorText(phone.error)}
            </ErrorBar>
          ) : saved ? (
            <Body1>
              We call you at <strong>{saved}</strong> from this number. <RouterLink to="/settings">Change it in Settings</RouterLink>
            </Body1>
          ) : (
            <MessageBar intent="warning" layout="multiline" className={styles.notice}>
              <MessageBarBody>
                {T.noSavedNumber} <RouterLink to="/settings">Go to Settings</RouterLink>
              </MessageBarBody>
            </MessageBar>
          )}
        </>
      )}
      <Button appearance="primary" disabled={!ready || call.isPending} onClick={() => call.mutate()}>
        {call.isPending ? 'Initiating Call...' : 'Start Practice Call'}
      </Button>
      {placed ? <PhoneCallStatus callId={placed} /> : null}
    </section>
  );
}

/** Why a session could not start; over the daily limit, when the next one can (in the user's time zone) and the way to Call Logs. */
function StartFailure({ error }: { error: Error }) {
  const styles = useStyles();
  const reset = dailyLimitReset(error);
  const toLogs = reset !== null || (error instanceof ApiError && error.status === 409);
  return (
    <ErrorBar
      role="alert"
      className={styles.notice}
      title="The practice session could not start"
      action={toLogs ? <RouterLink to="/call-logs">See Call Logs</RouterLink> : undefined}
    >
      {errorText(error)}
      {reset ? ` ${nextCallText(reset, new Date())}` : null}
    </ErrorBar>
  );
}

function BrowserSection({ scenarioId, onStarted }: { scenarioId: string; onStarted: (s: StartPracticeResponse) => void }) {
  const styles = useStyles();
  const { api, config } = useServices();
  const start = useMutation({
    mutationFn: () => api.startPractice(scenarioId ? { scenarioId } : {}),
    onSuccess: onStarted,
  });
  return (
    <section className={styles.section} aria-label="Browser practice">
      <Subtitle2 as="h3">In the browser</Subtitle2>
      <Body1>{T.browserIntro}</Body1>
      <Caption1>
        Up to {config.practice.maxMinutes} minutes per call, {config.practice.callsPerDay} practice calls a day. Your feedback appears at
        the end and in Call Logs.
      </Caption1>
      <Button appearance={config.practice.phoneEnabled ? 'secondary' : 'primary'} disabled={start.isPending} onClick={() => start.mutate()}>
        {start.isPending ? T.startingBrowser : T.practiceInBrowser}
      </Button>
      {start.isError ? <StartFailure error={start.error} /> : null}
    </section>
  );
}
