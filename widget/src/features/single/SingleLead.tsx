import { lazy, Suspense, useEffect, useState } from 'react';
import { Spinner } from '@fluentui/react-components';
import { LeadSummary } from '../../components/LeadSummary';
import { Tabs } from '../../components/Tabs';
import { ProblemBar } from '../../components/ProblemBar';
import { useLead } from '../../leads/use-lead';
import { toProblem } from '../../app/problems';
import { useWidget } from '../../app/widget-context';
import { EnrichPanel } from './EnrichPanel';

// The Enrich tab shows first; Icebreak (its goal field, the streamed markdown) loads when chosen.
const loadIcebreakPanel = () => import('./IcebreakPanel');
const IcebreakPanel = lazy(() => loadIcebreakPanel().then((m) => ({ default: m.IcebreakPanel })));

type Tool = 'enrich' | 'icebreak';
const TOOLS: readonly { value: Tool; label: string }[] = [
  { value: 'enrich', label: 'Enrich' },
  { value: 'icebreak', label: 'Icebreak' },
];

/** One lead (related list or detail-page button): summary, then Enrich or Icebreak. */
export default function SingleLead() {
  const { crm, page, apiBaseUrl } = useWidget();
  const [tab, setTab] = useState<Tool>('enrich');
  const state = useLead(crm, page.entity, page.leadIds[0]!);
  // Once the lead shows and the page is idle, fetch the Icebreak tab in the background so choosing it
  // is instant, without competing with what shows the lead (Safari has no requestIdleCallback).
  useEffect(() => {
    if (state.status !== 'ready') return;
    const prefetch = () => void loadIcebreakPanel().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(prefetch, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(prefetch, 500);
    return () => window.clearTimeout(id);
  }, [state.status]);

  if (state.status === 'loading') return <Spinner size="small" label="Reading the lead from Zoho CRM…" />;
  if (state.status === 'failed') return <ProblemBar problem={toProblem(state.error, apiBaseUrl)} onRetry={state.retry} />;
  return (
    <div>
      <LeadSummary lead={state.lead} />
      <Tabs<Tool> label="Tools" tabs={TOOLS} value={tab} onChange={setTab} />
      <div style={{ paddingTop: 8 }}>
        {tab === 'enrich' ? (
          <EnrichPanel lead={state.lead} />
        ) : (
          <Suspense fallback={<Spinner size="tiny" label="Loading…" />}>
            <IcebreakPanel lead={state.lead} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
