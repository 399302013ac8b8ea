import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Link, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENRICH_OUTPUTS, type EnrichOutput } from '@shared/constants';
import { MESSAGES } from '@shared/messages';
import type { EnrichmentResult, Lead } from '@shared/schemas/enrich';
import { OutputPicker } from '../../components/OutputPicker';
import { ProblemBar } from '../../components/ProblemBar';
import { creditsText, enrichCost } from '../../leads/enrich-format';
import { insufficientDataReason } from '../../leads/lead-data';
import { portalLink } from '../../app/services';
import { toProblem } from '../../app/problems';
import { WIDGET_TEXT } from '../../app/messages';
import { useWidget } from '../../app/widget-context';
import { enrichmentQuery } from '@shared/api/queries/enrich';
import { queryKeys } from '@shared/api/queries/keys';
import { settingsQuery } from '@shared/api/queries/settings';
import { teamPoolQuery } from '@shared/api/queries/team';
import { POOL_TEXT, poolCanPay } from '@shared/team-pool';

// A result (its texts, copy, save to notes, regenerate) comes with an answer, after the lead shows:
// its code loads while the panel asks for the lead's earlier result.
const loadEnrichResult = () => import('./EnrichResult');
const EnrichResult = lazy(loadEnrichResult);

const useStyles = makeStyles({
  col: { display: 'flex', flexDirection: 'column', gap: '8px' },
  row: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Pick outputs, see the price, generate, copy, save to notes; the last results come back for free. */
export function EnrichPanel({ lead }: { lead: Lead }) {
  const styles = useStyles();
  const { api, config, credits, setCredits, refreshCredits, user, apiBaseUrl } = useWidget();
  const [outputs, setOutputs] = useState<EnrichOutput[]>([...ENRICH_OUTPUTS]);
  const [generated, setGenerated] = useState<{ result: EnrichmentResult; stored: boolean } | null>(null);
  // 404: never enriched. Any failure only hides the previous result; generating still works.
  const earlier = useQuery(enrichmentQuery(api, user.uid, lead.id));
  const settings = useQuery(settingsQuery(api, user));
  // A team's pool pays first (docs/product.md#team-credits): the price says which balance it comes from.
  const pool = useQuery(teamPoolQuery(api, user.uid));
  const settingsMissing = settings.data ? !settings.data.name.trim() || !settings.data.aboutMe.trim() : false;

  useEffect(() => void loadEnrichResult().catch(() => undefined), []);

  const queryClient = useQueryClient();
  const generation = useMutation({
    mutationFn: (regenerate: boolean) => api.enrich({ lead, outputs, ...(regenerate ? { regenerate: true } : {}) }),
    onSuccess: (res) => {
      // The same lead, settings and goal answered before come back from storage, free.
      setGenerated({ result: res.result, stored: res.creditsCharged === 0 && Boolean(res.storedOutputs?.length) });
      // Coming back to this tab shows it as the lead's earlier result, as the server now holds it.
      queryClient.setQueryData(queryKeys.enrichment(user.uid, lead.id), res.result);
      setCredits(res.credits);
    },
    // The server refunds what it did not deliver: show the balance it now holds.
    onError: () => refreshCredits().catch(() => undefined),
  });
  const generate = (regenerate: boolean) => generation.mutate(regenerate);
  const busy = generation.isPending;
  const problem = generation.isError ? toProblem(generation.error, apiBaseUrl) : null;
  const result = generated?.result ?? earlier.data ?? null;
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
              Cost: {creditsText(cost)} ·{' '}
              {pool.data && poolCanPay(pool.data, cost)
                ? POOL_TEXT.paidFrom(pool.data.teamName, pool.data.credits)
                : `you have ${credits ?? '…'}`}
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
        <Suspense fallback={<Spinner size="tiny" label="Loading…" />}>
          <EnrichResult
            leadId={lead.id}
            result={result}
            origin={previous === 'shown' ? 'shown' : previous === 'stored' ? 'stored' : 'generated'}
            regenerate={!dataProblem && cost > 0 ? { cost, disabled: busy || short, onConfirm: () => generate(true) } : null}
          />
        </Suspense>
      )}
    </div>
  );
}
