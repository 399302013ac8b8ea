import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  CardHeader,
  Field,
  Input,
  Spinner,
  Subtitle1,
  Switch,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CallEnd20Regular, Mic20Regular, MicOff20Regular, Send20Regular } from '@fluentui/react-icons';
import type { StartPracticeResponse } from '@shared/schemas';
import { useAuth } from '../../auth/AuthProvider';
import { ErrorBar } from '../../components/ErrorBar';
import { RouterLink } from '../../components/RouterLink';
import { CALL_TEXT as T } from './call-text';
import { formatDuration } from './call-format';
import { FeedbackCard } from './FeedbackCard';
import { cancelSpeech, canSpeak, speak, useDictation } from './speech';
import { TranscriptView } from './TranscriptView';
import { usePracticeSession, type PracticeState } from './use-practice-session';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  timer: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold },
  transcript: {
    maxHeight: '420px',
    minHeight: '160px',
    overflowY: 'auto',
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusLarge,
  },
  reply: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  status: { minHeight: tokens.lineHeightBase300, color: tokens.colorNeutralForeground3 },
  links: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap', alignItems: 'center' },
});

/** A browser practice session: the conversation, the rep's reply box, the timer, End, then feedback. */
export function PracticeSession({ start, onRestart }: { start: StartPracticeResponse; onRestart: () => void }) {
  const styles = useStyles();
  const { getToken } = useAuth();
  const [voiceOn, setVoiceOn] = useState(canSpeak);
  const voiceRef = useRef(voiceOn);
  useEffect(() => {
    voiceRef.current = voiceOn;
    if (!voiceOn) cancelSpeech();
  }, [voiceOn]);
  const onProspectTurn = useCallback((text: string) => {
    if (voiceRef.current) speak(text);
  }, []);
  const { state, say, end } = usePracticeSession({ callId: start.callId, socketPath: start.socketPath, getToken, onProspectTurn });
  useEffect(() => () => cancelSpeech(), []);

  const [draft, setDraft] = useState('');
  const live = state.phase === 'live';
  const canSend = live && !state.awaitingProspect;
  const submit = (text: string) => {
    if (canSend && say(text)) setDraft('');
  };
  const dictation = useDictation({ onInterim: setDraft, onFinal: (text) => (text ? submit(text) : undefined) });

  const transcriptRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = transcriptRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [state.turns]);

  const { scenario } = start;
  const logLink = <RouterLink to={`/call-logs/${start.callId}`}>{T.openLog}</RouterLink>;
  const restart = (
    <Button appearance="primary" onClick={onRestart}>
      {T.newSession}
    </Button>
  );
  const over = state.phase === 'ended' || state.phase === 'failed';

  return (
    <div className={styles.stack}>
      <Card className={styles.card}>
        <CardHeader
          header={<Subtitle1 as="h2">{scenario.title}</Subtitle1>}
          description={
            <Caption1>
              {scenario.prospectName}, {scenario.prospectRole} at {scenario.company} ·{' '}
              <Badge appearance="tint">{scenario.difficulty}</Badge>
            </Caption1>
          }
        />
        <Body1>{scenario.summary}</Body1>
        <Body1>
          <strong>Your goal:</strong> {scenario.goal}
        </Body1>
        <div className={styles.bar}>
          <Timer state={state} maxMinutes={start.maxMinutes} />
          <span className={styles.grow} />
          {canSpeak() && !over ? <Switch label={T.speakOut} checked={voiceOn} onChange={(_e, d) => setVoiceOn(d.checked)} /> : null}
          <Button icon={<CallEnd20Regular />} disabled={!live} onClick={() => (cancelSpeech(), end())}>
            {state.phase === 'ending' ? T.ending : T.endCall}
          </Button>
        </div>
        {/* A chat log: read out as it grows, and scrollable from the keyboard. */}
        <div className={styles.transcript} ref={transcriptRef} role="log" aria-label="Live conversation" tabIndex={0}>
          {state.phase === 'connecting' ? <Spinner size="small" label="Connecting..." /> : null}
          <TranscriptView turns={state.turns} prospectName={scenario.prospectName} />
        </div>
        <Caption1 className={styles.status} aria-live="polite">
          {live && state.awaitingProspect ? `${scenario.prospectName} is speaking...` : ''}
        </Caption1>
        {!over ? (
          <form
            className={styles.reply}
            aria-label="Reply to the prospect"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              submit(draft);
            }}
          >
            <Field
              label={T.yourReply}
              className={styles.grow}
              validationState={dictation.error ? 'warning' : 'none'}
              validationMessage={dictation.error ?? undefined}
            >
              <Input
                value={draft}
                onChange={(_e, d) => setDraft(d.value)}
                disabled={!live}
                placeholder="Type what you would say..."
                maxLength={2000}
              />
            </Field>
            {dictation.supported ? (
              <Button
                icon={dictation.listening ? <MicOff20Regular /> : <Mic20Regular />}
                aria-label={dictation.listening ? T.listening : T.speak}
                aria-pressed={dictation.listening}
                disabled={!canSend}
                onClick={() => (dictation.listening ? dictation.stop() : dictation.start())}
              />
            ) : null}
            <Button appearance="primary" type="submit" icon={<Send20Regular />} disabled={!canSend || !draft.trim()}>
              {T.send}
            </Button>
          </form>
        ) : null}
      </Card>

      {state.error ? (
        <ErrorBar
          role="alert"
          title={state.phase === 'ended' ? 'No feedback for this session' : 'The practice session stopped'}
          action={restart}
        >
          {state.error}
        </ErrorBar>
      ) : null}
      {state.phase === 'ending' || (state.phase === 'ended' && !state.feedback && !state.closed) ? (
        <Spinner label={T.waitingFeedback} />
      ) : null}
      {state.feedback ? (
        <FeedbackCard
          feedback={state.feedback}
          footer={
            <div className={styles.links}>
              {restart}
              {logLink}
            </div>
          }
        />
      ) : over && (state.closed || state.phase === 'failed') ? (
        <Card className={styles.card}>
          {state.phase === 'ended' && !state.error ? <Body1>{T.noFeedback}</Body1> : null}
          <div className={styles.links}>
            {state.error ? null : restart}
            {state.turns.length > 0 || state.phase === 'ended' ? logLink : <RouterLink to="/call-logs">Call Logs</RouterLink>}
          </div>
        </Card>
      ) : null}
    </div>
  );
}

/** Elapsed time against the limit; the server ends the session at the limit. */
function Timer({ state, maxMinutes }: { state: PracticeState; maxMinutes: number }) {
  const styles = useStyles();
  const [now, setNow] = useState(() => Date.now());
  const running = state.startedAt !== null && state.endedAt === null;
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [running]);
  const elapsed = state.startedAt === null ? 0 : ((state.endedAt ?? now) - state.startedAt) / 1000;
  return (
    <Text className={styles.timer} aria-label={`Elapsed ${formatDuration(elapsed)} of ${maxMinutes} minutes`} data-testid="practice-timer">
      {formatDuration(Math.floor(elapsed))} / {maxMinutes}:00
    </Text>
  );
}
