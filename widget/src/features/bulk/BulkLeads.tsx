import { useReducer, useState } from 'react';
import { Button, ProgressBar, Field, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { ENRICH_OUTPUTS, LIMITS, type EnrichOutput } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import { queryKeys } from '@shared/api/queries/keys';
import type { Lead } from '@shared/schemas/enrich';
import { OutputPicker } from '../../components/OutputPicker';
import { ProblemBar } from '../../components/ProblemBar';
import { creditsText, enrichCost, formatEnrichmentNote, leadsText, outputsText } from '../../leads/enrich-format';
import { insufficientDataReason, leadName } from '../../leads/lead-data';
import { leadQueryFn, leadQueryKey } from '../../leads/use-lead';
import { addNoteOnce } from '../../leads/notes-once';
import { portalLink } from '../../app/services';
import { toProblem, type Problem } from '../../app/problems';
import { WIDGET_TEXT } from '../../app/messages';
import { useWidget } from '../../app/widget-context';
import { quoteBulk, quoteExplanation } from './bulk-quote';
import { bulkRunReducer, FINISHED_STATUSES, initialBulkRun, runBulk, type RowStatus } from './bulk-run';

const useStyles = makeStyles({
  col: { display: 'flex', flexDirection: 'column', gap: '8px' },
  row: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  item: {
    display: 'flex',
    justifyContent: 'space-between',
    gap: '8px',
    padding: '6px 10px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
    ':last-child': { borderBottom: 'none' },
  },
  who: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
  muted: { color: tokens.colorNeutralForeground3 },
  ok: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0 },
  bad: { color: tokens.colorPaletteRedForeground1, flexShrink: 0, textAlign: 'right' },
  wait: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
});

interface Row {
  id: string;
  lead?: Lead;
  status: RowStatus;
}

/** A row before the run: what reading it from Zoho gave. */
function readStatus(read: UseQueryResult<Lead>): RowStatus {
  if (read.isSuccess) {
    const reason = insufficientDataReason(read.data);
    return reason ? { s: 'skipped', message: reason } : { s: 'waiting' };
  }
  if (read.isError) return { s: 'unreadable', message: read.error instanceof Error ? read.error.message : String(read.error) };
  return { s: 'loading' };
}

function statusText(st: RowStatus): string {
  switch (st.s) {
    case 'loading':
      return 'Reading…';
    case 'waiting':
      return 'Waiting';
    case 'enriching':
      return 'Enriching…';
    case 'saving':
      return 'Saving note…';
    case 'done':
      return 'Done, note saved';
    case 'cancelled':
      return 'Cancelled, not charged';
    case 'noteFailed':
      return `Enriched, note not saved: ${st.message}`;
    case 'skipped':
      return 'Skipped: too little data, not charged';
    case 'unreadable':
    case 'failed':
      return `Failed: ${st.message}`;
  }
}

/** The list-view button: the selected leads enriched one after another, a note saved on each. */
export default function BulkLeads() {
  const styles = useStyles();
  const { crm, page, api, config, user, credits, setCredits, refreshCredits, apiBaseUrl } = useWidget();
  const ids = page.leadIds.slice(0, LIMITS.bulkLeads);
  const queryClient = useQueryClient();
  // One lead after another (a selection holds up to a hundred): each read starts when the one before settled.
  const settled = (id: string) => {
    const read = queryClient.getQueryState(leadQueryKey(page.entity, id));
    return read !== undefined && read.status !== 'pending';
  };
  const reads = useQueries({
    queries: ids.map((id, i) => ({
      queryKey: leadQueryKey(page.entity, id),
      queryFn: leadQueryFn(queryClient, crm, page.entity, id),
      enabled: i === 0 || settled(ids[i - 1]!),
    })),
  });
  const [outputs, setOutputs] = useState<EnrichOutput[]>([...ENRICH_OUTPUTS]);
  const [run, dispatch] = useReducer(bulkRunReducer, initialBulkRun);
  const [cancel, setCancel] = useState<AbortController | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  // What the run really cost: answers already stored for a lead are returned free, so it can be less than the estimate.
  const [charged, setCharged] = useState({ estimate: 0, credits: 0 });

  const rows: Row[] = ids.map((id, i) => ({ id, lead: reads[i]!.data, status: run.runs[id] ?? readStatus(reads[i]!) }));
  const phase = run.phase === 'idle' ? (reads.every((r) => !r.isPending) ? 'ready' : 'loading') : run.phase;
  const eligible = rows.filter((r) => r.lead && r.status.s === 'waiting');
  const listPrice = enrichCost(outputs, eligible.length);
  // The server's quote, so the estimate is the charge: answers already written for a lead's data are free.
  const quote = useQuery({
    queryKey: queryKeys.enrichQuote(user.uid, { leads: eligible.map((r) => r.lead!), outputs }),
    queryFn: () =>
      quoteBulk(
        api,
        eligible.map((r) => r.lead!),
        outputs,
      ),
    enabled: phase === 'ready' && run.phase === 'idle' && eligible.length > 0 && outputs.length > 0,
    staleTime: 0,
    retry: 1,
  });
  const quoted = quote.data && !quote.isFetching ? quote.data : null;
  // Unquoted (the server could not be asked): the most it can cost.
  const cost = quoted ? quoted.credits : listPrice;
  const total = rows.length;
  const finished = rows.filter((r) => FINISHED_STATUSES.has(r.status.s)).length;

  const start = async () => {
    setProblem(null);
    // Up-front check against a fresh balance: refuse the whole run before anything is charged.
    let balance: number;
    try {
      balance = await refreshCredits();
    } catch (err) {
      setProblem(toProblem(err, apiBaseUrl));
      return;
    }
    if (balance < cost) {
      setProblem({
        kind: 'noCredits',
        title: WIDGET_TEXT.bulkRefusedTitle,
        message: balance === 0 ? MESSAGES.noCredits : MESSAGES.notEnoughCredits(cost, balance),
      });
      return;
    }
    const controller = new AbortController();
    setCancel(controller);
    setCharged({ estimate: cost, credits: 0 });
    dispatch({ type: 'started' });
    const queue = eligible.map((r) => ({ id: r.id, lead: r.lead! }));
    const stopped = await runBulk(
      queue,
      {
        enrich: async (lead) => {
          const res = await api.enrich({ lead, outputs });
          setCredits(res.credits);
          setCharged((c) => ({ ...c, credits: c.credits + res.creditsCharged }));
          return formatEnrichmentNote(res.result);
        },
        saveNote: async (id, content) => {
          // A lead whose answer came back from storage and was saved already gets no second copy.
          await addNoteOnce(crm, page.entity, id, { title: WIDGET_TEXT.notesTitleEnrich, content });
        },
        toProblem: (err) => toProblem(err, apiBaseUrl),
      },
      controller.signal,
      dispatch,
    );
    if (stopped) setProblem(stopped);
    dispatch({ type: 'finished' });
    refreshCredits().catch(() => undefined);
  };

  const done = rows.filter((r) => r.status.s === 'done' || r.status.s === 'noteFailed').length;
  const skipped = rows.filter((r) => r.status.s === 'skipped').length;
  // Before the run: what will be charged and why it is less than the list price, in one line.
  const quoting = quote.isFetching;
  const why = [
    `${outputsText(outputs) || 'nothing chosen'} for ${leadsText(eligible.length)}`,
    ...(quoted ? quoteExplanation(quoted) : []),
    ...(skipped ? [`${skipped} skipped for too little data`] : []),
  ].join('; ');
  const costLine = quoting
    ? `Cost: working it out… (at most ${creditsText(listPrice)})`
    : quoted || listPrice === 0
      ? `Cost: ${creditsText(cost)} (${why})`
      : `Cost: up to ${creditsText(cost)} (${why}; answers already written for a lead's data are free)`;
  const progress = total === 0 ? 0 : finished / total;

  return (
    <div className={styles.col}>
      <Text weight="semibold">
        {leadsText(total)} selected
        {page.leadIds.length > LIMITS.bulkLeads ? ` (the first ${LIMITS.bulkLeads} of ${page.leadIds.length})` : ''}
      </Text>
      {phase === 'loading' && <Spinner size="tiny" label="Reading the leads from Zoho CRM…" />}
      {(phase === 'ready' || phase === 'loading') && (
        <>
          <OutputPicker value={outputs} onChange={setOutputs} disabled={phase !== 'ready'} />
          <Text size={200} className={styles.muted} data-testid="bulk-cost">
            {costLine} · you have {credits ?? '…'}
          </Text>
          <div className={styles.row}>
            <Button appearance="primary" disabled={phase !== 'ready' || listPrice === 0 || quoting} onClick={() => void start()}>
              {`Enrich ${leadsText(eligible.length)} (${quoted ? creditsText(cost) : `up to ${creditsText(cost)}`})`}
            </Button>
          </div>
          {outputs.length === 0 && <Text size={200}>{WIDGET_TEXT.chooseOutputs}</Text>}
        </>
      )}
      {problem && <ProblemBar problem={problem} upgradeUrl={portalLink(config, '/subscription')} />}
      {(phase === 'running' || phase === 'finished') && (
        <Field
          label="Progress"
          validationState="none"
          validationMessage={`${finished} of ${leadsText(total)} processed${phase === 'finished' ? `: ${done} enriched` : ''}`}
        >
          <ProgressBar
            value={progress}
            max={1}
            thickness="large"
            data-testid="bulk-progress"
            aria-valuenow={Math.round(progress * 100)}
            aria-valuemin={0}
            aria-valuemax={100}
          />
        </Field>
      )}
      {phase === 'finished' && (
        <Text size={200} data-testid="bulk-charged">
          {`Charged: ${creditsText(charged.credits)}`}
          {charged.credits < charged.estimate
            ? ' (answers already stored for a lead were free, and nothing is charged for a lead that failed)'
            : ''}
        </Text>
      )}
      {phase === 'running' && (
        <div className={styles.row}>
          <Button onClick={() => cancel?.abort()}>Cancel</Button>
          <Text size={200} className={styles.muted}>
            Cancelling stops before the next lead; leads not started are not charged.
          </Text>
        </div>
      )}
      <ul className={styles.list} aria-label="Selected leads">
        {rows.map((r) => {
          const bad = r.status.s === 'failed' || r.status.s === 'unreadable' || r.status.s === 'noteFailed';
          return (
            <li key={r.id} className={styles.item} data-testid="bulk-row" data-status={r.status.s}>
              <span className={styles.who}>
                {r.lead ? (leadName(r.lead) ?? 'Unnamed lead') : r.id}
                {r.lead?.Company ? <span className={styles.muted}> · {r.lead.Company}</span> : null}
              </span>
              <span className={r.status.s === 'done' ? styles.ok : bad ? styles.bad : styles.wait}>{statusText(r.status)}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
