import { teamPoolQuery } from '@shared/api/queries/team';
import { POOL_TEXT, poolCanPay } from '@shared/team-pool';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Body1, Button, Caption1, Card, makeStyles, tokens } from '@fluentui/react-components';
import { ApiError } from '@shared/api/client';
import { CREDIT_COSTS, DEFAULT_GOAL, LIMITS } from '@shared/constants';
import { MESSAGES, PORTAL_MESSAGES as M } from '@shared/messages';
import { analyzeFormSchema, type AnalyzeForm } from '@shared/schemas/forms';
import { languageNote } from '@shared/language';
import { settingsQuery } from '@shared/api/queries/settings';
import type { HistoryItem } from '@shared/schemas';
import { useSignedInUser } from '../../auth/AuthProvider';
import { useServices } from '../../core/services';
import { TextField } from '@shared/ui/form-fields';
import { TextAreaField } from '../../components/text-area-field';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { RouterLink } from '../../components/RouterLink';
import { Tabs } from '../../components/Tabs';
import { CreditsCounter } from './CreditsCounter';
import { useBalance } from '../../core/balance';
import { HistoryTab } from './HistoryTab';
import { historyInsightsMarkdown } from './insights-text';
import { ResultArea } from './ResultArea';
import { useAnalysis } from './use-analysis';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
  warn: { color: tokens.colorPaletteRedForeground1 },
});

const PLACEHOLDER =
  'e.g. Jane Doe, VP of Sales at Acme Robotics in Austin, Texas. Recently spoke at SaaStr about outbound teams; enjoys trail running.';

const ICEBREAK_TABS = [
  { value: 'analyze', label: 'Analyze Profile' },
  { value: 'history', label: 'History' },
] as const;

export function IcebreakScreen() {
  const styles = useStyles();
  const user = useSignedInUser();
  const { email } = user;
  const { api, config } = useServices();
  const notify = useNotify();
  const credits = useBalance();
  const { state, analyze, showText, busy } = useAnalysis(user);
  const [tab, setTab] = useState<'analyze' | 'history'>('analyze');
  const [viewing, setViewing] = useState(false);
  const form = useForm<AnalyzeForm>({ resolver: zodResolver(analyzeFormSchema), defaultValues: { description: '', goal: DEFAULT_GOAL } });

  // Nothing to pay with: no own credits, and no team pool that would pay (docs/product.md#team-credits).
  const pool = useQuery(teamPoolQuery(api, user.uid));
  const noCredits = credits.data === 0 && !poolCanPay(pool.data, CREDIT_COSTS.icebreak);
  // Said before any charge: the language the answer should be in, when the active writer does not write it.
  const settings = useQuery(settingsQuery(api, user));
  const description = useWatch({ control: form.control, name: 'description' });
  const note = languageNote(config.generator, settings.data?.outputLanguage, description ?? '');

  const view = async (item: HistoryItem) => {
    setViewing(true);
    try {
      const res = await api.getInsights(item._id, email);
      if (!res.success || !res.historyItem) {
        showText(res.fallbackText || M.historyLoadFailed);
      } else {
        form.setValue('description', res.historyItem.insightsStructure.profile.description);
        if (res.historyItem.goal) form.setValue('goal', res.historyItem.goal);
        showText(historyInsightsMarkdown(res.historyItem.insightsText, res.historyItem.newsFound), res.historyItem.generator);
      }
      setTab('analyze');
    } catch (err) {
      console.warn(M.fetchInsightsFailed, err instanceof ApiError ? err.message : err);
      notify({ title: 'Error', body: M.previousAnalysisFailed, intent: 'error' });
    } finally {
      setViewing(false);
    }
  };

  return (
    <div className={styles.stack}>
      <PageHeader
        title="Icebreak"
        subtitle="Conversation starters and rapport tips for the person you are about to meet."
        aside={<CreditsCounter />}
      />
      <Tabs label="Icebreak" items={ICEBREAK_TABS} value={tab} onChange={setTab} />
      {tab === 'analyze' ? (
        <>
          <Card>
            <form
              className={styles.form}
              noValidate
              onSubmit={form.handleSubmit((v) => analyze(v.description, v.goal))}
              aria-label="Analyze a person"
            >
              <TextAreaField
                control={form.control}
                name="description"
                label="Person description"
                hint="Who are they? Name, role, company, where they are, what they care about."
                rows={5}
                resize="vertical"
                placeholder={PLACEHOLDER}
                maxLength={LIMITS.description}
              />
              {note ? <Caption1 data-testid="language-note">{note}</Caption1> : null}
              <TextField
                control={form.control}
                name="goal"
                label="Goal"
                hint="What do you want from the conversation?"
                maxLength={LIMITS.goal}
              />
              <div className={styles.actions}>
                <Button appearance="primary" type="submit" disabled={busy || viewing || noCredits}>
                  {busy ? 'Analyzing...' : 'Analyze Profile'}
                </Button>
                {noCredits ? (
                  <Body1 className={styles.warn}>
                    {MESSAGES.noCredits} <RouterLink to="/subscription">See plans</RouterLink>
                  </Body1>
                ) : pool.data && poolCanPay(pool.data, CREDIT_COSTS.icebreak) ? (
                  <Caption1 data-testid="paid-from">
                    {`Cost: ${CREDIT_COSTS.icebreak} credit${CREDIT_COSTS.icebreak === 1 ? '' : 's'} · ${POOL_TEXT.paidFrom(pool.data.teamName, pool.data.credits)}`}
                  </Caption1>
                ) : null}
              </div>
            </form>
          </Card>
          <ResultArea
            state={state}
            onRegenerate={
              noCredits ? undefined : () => void analyze(form.getValues('description'), form.getValues('goal'), { regenerate: true })
            }
          />
        </>
      ) : (
        <HistoryTab busy={busy || viewing} onView={(item) => void view(item)} />
      )}
    </div>
  );
}
