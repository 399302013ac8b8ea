import { useState } from 'react';
import { Button, Link, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENRICH_OUTPUTS, type EnrichOutput } from '@shared/constants';
import { MESSAGES, PORTAL_MESSAGES } from '@shared/messages';
import type { EnrichmentResult, Lead } from '@shared/schemas/enrich';
import { OutputPicker } from '../../components/OutputPicker';
import { ProblemBar } from '../../components/ProblemBar';
import { CopyableSection } from '../../components/CopyableSection';
import { creditsText, enrichCost, formatEnrichmentNote } from '../../leads/enrich-format';
import { insufficientDataReason } from '../../leads/lead-data';
import { portalLink } from '../../app/services';
import { toProblem } from '../../app/problems';
import { WIDGET_TEXT } from '../../app/messages';
import { useWidget } from '../../app/widget-context';
import { userKeys } from '../../app/query-client';
import { useSaveNote } from './use-save-note';
import { SaveNoteButton } from './SaveNoteButton';
import { RegenerateButton } from './RegenerateButton';
import { ScriptView } from './ScriptView';

const useStyles = makeStyles({
  col: { display: 'flex', flexDirection: 'column', gap: '8px' },
  row: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  text: { whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: '4px 0 0', lineHeight: '1.45' },
  muted: { color: tokens.colorNeutralForeground3 },
});

function TextBlock({ title, text, testId }: { title: string; text: string; testId: string }) {
  const styles = useStyles();
  return (
    <CopyableSection title={title} copyText={text} testId={testId}>
      <p className={styles.text}>{text}</p>
    </CopyableSection>
  );
}

/** Pick outputs, see the price, generate, copy, save to notes; the last results come back for free. */
export function EnrichPanel({ lead }: { lead: Lead }) {
  const styles = useStyles();
  const { api, config, credits, setCredits, refreshCredits, user, apiBaseUrl } = useWidget();
  const [outputs, setOutputs] = useState<EnrichOutput[]>([...ENRICH_OUTPUTS]);
  const [generated, setGenerated] = useState<{ result: EnrichmentResult; stored: boolean } | null>(null);
  // 404: never enriched. Any failure only hides the previous result; generating still works.
  const earlier = useQuery({ queryKey: userKeys.enrichment(user.uid, lead.id), queryFn: () => api.getEnrichment(lead.id) });
  const settings = useQuery({ queryKey: userKeys.settings(user.uid), queryFn: () => api.getSettings(user.email) });
  const settingsMissing = settings.data ? !settings.data.name.trim() || !settings.data.aboutMe.trim() : false;

  const queryClient = useQueryClient();
  const generation = useMutation({
    mutationFn: (regenerate: boolean) => api.enrich({ lead, outputs, ...(regenerate ? { regenerate: true } : {}) }),
    onSuccess: (res) => {
      // The same lead, settings and goal answered before come back from storage, free.
      setGenerated({ result: res.result, stored: res.creditsCharged === 0 && Boolean(res.storedOutputs?.length) });
      // Coming back to this tab shows it as the lead's earlier result, as the server now holds it.
      queryClient.setQueryData(userKeys.enrichment(user.uid, lead.id), res.result);
      setCredits(res.credits);
    },
    // The server refunds what it did not deliver: show the balance it now holds.
    onError: () => refreshCredits().catch(() => undefined),
  });
  const generate = (regenerate: boolean) => generation.mutate(regenerate);
  const busy = generation.isPending;
  const problem = generation.isError ? toProblem(generation.error, apiBaseUrl) : null;
  const result = generated?.result ?? earlier.data ?? null;
  const note = useSaveNote(lead.id, WIDGET_TEXT.notesTitleEnrich, result ? formatEnrichmentNote(result) : '');
  const previous = generated
    ? generated.stored
      ? 'stored'
      : 'none'
    : earlier.isPending
      ? 'loading'
      : earlier.isSuccess
        ? 'shown'
        : 'none';

  const cost = enrichCost(outputs);
  const dataProblem = insufficientDataReason(lead);
  const short = credits !== null && credits < cost;

  return (
    <div className={styles.col}>
      {dataProblem ? (
        <ProblemBar problem={{ kind: 'leadData', title: WIDGET_TEXT.tooLittleData, message: dataProblem }} />
      ) : (
        <>
          <OutputPicker value={outputs} onChange={setOutputs} disabled={busy} />
          <div className={styles.row}>
            <Button appearance="primary" disabled={busy || cost === 0 || short} onClick={() => generate(false)}>
              {busy ? 'Generating…' : `Generate (${creditsText(cost)})`}
            </Button>
            <Text size={200} className={styles.muted} data-testid="enrich-cost">
              Cost: {creditsText(cost)} · you have {credits ?? '…'}
            </Text>
          </div>
          {outputs.length === 0 && <Text size={200}>{WIDGET_TEXT.chooseOutputs}</Text>}
          {short && (
            <ProblemBar
              problem={{
                kind: 'noCredits',
                title: 'Not enough credits',
                message: credits === 0 ? MESSAGES.noCredits : MESSAGES.notEnoughCredits(cost, credits ?? 0),
              }}
              upgradeUrl={portalLink(config, '/subscription')}
            />
          )}
          {settingsMissing && (
            <Text size={200} className={styles.muted}>
              Tip: tell us about you and your company in the{' '}
              <Link href={portalLink(config, '/enrich')} target="_blank" rel="noopener noreferrer">
                enrichment settings
              </Link>{' '}
              so the messages speak for you.
            </Text>
          )}
        </>
      )}
      {busy && <Spinner size="tiny" label="Writing for this lead…" />}
      {problem && <ProblemBar problem={problem} upgradeUrl={portalLink(config, '/subscription')} />}
      {previous === 'loading' && <Spinner size="tiny" label="Looking for earlier results…" />}
      {result && (
        <div className={styles.col} data-testid="enrich-result">
          <Text size={200} className={styles.muted}>
            {previous === 'shown'
              ? 'Earlier result, shown without charge'
              : previous === 'stored'
                ? PORTAL_MESSAGES.enrichStored
                : 'Generated'}{' '}
            · {new Date(result.createdAt).toLocaleString()}
            {result.generator === 'offline' ? ' · written by the offline writer' : ''}
          </Text>
          {result.linkedin_dm && (
            <>
              <TextBlock title="LinkedIn connection note" text={result.linkedin_dm.connectionNote} testId="dm-note" />
              <TextBlock title="LinkedIn message" text={result.linkedin_dm.message} testId="dm-message" />
            </>
          )}
          {result.cold_call_script && <ScriptView script={result.cold_call_script} />}
          <SaveNoteButton state={note.state} onSave={() => void note.save()} />
          {!dataProblem && cost > 0 && <RegenerateButton cost={cost} disabled={busy || short} onConfirm={() => generate(true)} />}
        </div>
      )}
    </div>
  );
}
