import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Field, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CREDIT_COSTS, DEFAULT_GOAL, resolveGoal, sectionTitle } from '@shared/constants';
import { languageNote } from '@shared/language';
import { toPlainText } from '@shared/markdown';
import { MESSAGES, PORTAL_MESSAGES } from '@shared/messages';
import type { Lead } from '@shared/schemas/enrich';
import { ProblemBar } from '../../components/ProblemBar';
import { RichText } from '../../components/RichText';
import { CopyableSection } from '../../components/CopyableSection';
import { creditsText } from '../../leads/enrich-format';
import { describeLead, insufficientDataReason } from '../../leads/lead-data';
import { portalLink } from '../../app/services';
import { toProblem, type Problem } from '../../app/problems';
import { WIDGET_TEXT } from '../../app/messages';
import { useWidget } from '../../app/widget-context';
import { settleBalance } from '@shared/api/queries/balance';
import { settingsQuery } from '@shared/api/queries/settings';
import { useSaveNote } from './use-save-note';
import { SaveNoteButton } from './SaveNoteButton';
import { RegenerateButton } from './RegenerateButton';

const useStyles = makeStyles({
  col: { display: 'flex', flexDirection: 'column', gap: '8px' },
  row: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The lead's fields as a person description, analysed by the Icebreak stream, section by section. */
export function IcebreakPanel({ lead }: { lead: Lead }) {
  const styles = useStyles();
  const { api, config, credits, user, apiBaseUrl } = useWidget();
  const queryClient = useQueryClient();
  const [goal, setGoal] = useState(DEFAULT_GOAL);
  const [sections, setSections] = useState<string[]>([]);
  const [status, setStatus] = useState<'idle' | 'streaming' | 'done'>('idle');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [generator, setGenerator] = useState<string | null>(null);
  /** News (docs/product.md#news): section 0 is titled by whether news was found; a stored answer was free. */
  const [newsFound, setNewsFound] = useState<boolean | undefined>(undefined);
  const [stored, setStored] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const dataProblem = insufficientDataReason(lead);
  const cost = CREDIT_COSTS.icebreak;
  const description = describeLead(lead);
  // Said before any charge: the answer's language, when the active writer does not write it.
  const settings = useQuery(settingsQuery(api, user));
  const languageHint = languageNote(config.generator, settings.data?.outputLanguage, lead.Description || description);

  const analyse = async (regenerate = false) => {
    setProblem(null);
    setSections([]);
    setNewsFound(undefined);
    setStored(false);
    setStatus('streaming');
    abort.current = new AbortController();
    const got: string[] = [];
    // The final line of a paid answer carries the new balance (docs/architecture.md#query-layer).
    let balance: number | undefined;
    try {
      const lines = await api.searchPost(
        { profileUrl: description, email: user.email, goal: resolveGoal(goal), ...(regenerate ? { regenerate: true } : {}) },
        abort.current.signal,
      );
      for await (const line of lines) {
        if (line.balance !== undefined) balance = line.balance;
        if (line.errorMessage) throw new Error(line.errorMessage);
        if (line.generator) setGenerator(line.generator);
        if (line.newsFound !== undefined) setNewsFound(line.newsFound);
        if (line.stored) setStored(true);
        if (line.restart) {
          // The writer's answer failed its check: it is written again from the start.
          got.length = 0;
          setSections([]);
        }
        if (line.content) {
          got[line.section] = (got[line.section] ?? '') + line.content;
          setSections([...got]);
        }
      }
      if (!got.some((s) => s && s.trim())) {
        setProblem({ kind: 'server', title: PORTAL_MESSAGES.analysisIncomplete, message: PORTAL_MESSAGES.noInsightsGenerated });
      }
    } catch (err) {
      if (abort.current?.signal.aborted) return;
      setProblem(
        err instanceof Error && !(err instanceof TypeError) && !('status' in err)
          ? { kind: 'server', title: PORTAL_MESSAGES.analysisFailed, message: err.message }
          : toProblem(err, apiBaseUrl),
      );
    } finally {
      setStatus('done');
      abort.current = null;
      settleBalance(queryClient, user.uid, balance).catch(() => undefined);
    }
  };

  const text = sections
    .map((s, i) => (s ? `## ${sectionTitle(i, newsFound)}\n${s.trim()}` : ''))
    .filter(Boolean)
    .join('\n\n');
  const note = useSaveNote(lead.id, WIDGET_TEXT.notesTitleIcebreak, text.replace(/^## /gm, ''));

  if (dataProblem) return <ProblemBar problem={{ kind: 'leadData', title: WIDGET_TEXT.tooLittleData, message: dataProblem }} />;
  return (
    <div className={styles.col}>
      <Text size={200} className={styles.muted} title={description}>
        Analyses this lead from its CRM fields{lead.extra ? ' (custom fields included)' : ''}.
      </Text>
      {languageHint && (
        <Text size={200} data-testid="language-note">
          {languageHint}
        </Text>
      )}
      <Field label="Your goal for the conversation">
        <Input value={goal} onChange={(_, d) => setGoal(d.value)} disabled={status === 'streaming'} />
      </Field>
      <div className={styles.row}>
        <Button appearance="primary" disabled={status === 'streaming' || credits === 0} onClick={() => void analyse(false)}>
          {status === 'streaming' ? 'Analyzing...' : `Analyze lead (${creditsText(cost)})`}
        </Button>
        {status === 'streaming' && (
          <Button appearance="subtle" onClick={() => abort.current?.abort()}>
            Stop
          </Button>
        )}
      </div>
      {credits === 0 && (
        <ProblemBar
          problem={{ kind: 'noCredits', title: WIDGET_TEXT.noCreditsLeft, message: MESSAGES.noCredits }}
          upgradeUrl={portalLink(config, '/subscription')}
        />
      )}
      {problem && <ProblemBar problem={problem} upgradeUrl={portalLink(config, '/subscription')} />}
      {status === 'streaming' && sections.length === 0 && <Spinner size="tiny" label="Analyzing profile..." />}
      {sections.map((s, i) =>
        s ? (
          <CopyableSection key={i} title={sectionTitle(i, newsFound)} copyText={toPlainText(s)} testId={`icebreak-section-${i}`}>
            <RichText text={s} />
          </CopyableSection>
        ) : null,
      )}
      {status === 'done' && text && (
        <>
          {generator === 'offline' && (
            <Text size={200} className={styles.muted}>
              Written by the offline writer.
            </Text>
          )}
          {stored && (
            <Text size={200} className={styles.muted} data-testid="icebreak-stored">
              {PORTAL_MESSAGES.storedAnswer}
            </Text>
          )}
          <SaveNoteButton state={note.state} onSave={() => void note.save()} />
          {credits !== 0 && <RegenerateButton cost={cost} onConfirm={() => void analyse(true)} />}
        </>
      )}
    </div>
  );
}
