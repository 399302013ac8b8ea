import { lazy, Suspense, useState } from 'react';
import { Body1, Button, Caption1, Card, Skeleton, SkeletonItem, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular, Copy20Regular } from '@fluentui/react-icons';
import { SECTION_TITLES, sectionTitle } from '@shared/constants';
import { toPlainText } from '@shared/markdown';
import { PORTAL_MESSAGES as M } from '@shared/messages';
import { ErrorBar } from '../../components/ErrorBar';
import { useNotify } from '../../components/notify';
import { buildInsightsMarkdown } from './insights-text';
import type { AnalysisState } from './use-analysis';

// The markdown renderer (markdown-to-jsx) is most of this screen's JavaScript but shows only with an
// answer: it loads then, not with the empty form.
const Markdown = lazy(() => import('./markdown').then((m) => ({ default: m.Markdown })));

function CopyButton({ text }: { text: string }) {
  const notify = useNotify();
  const copy = async () => {
    try {
      // Plain text: what a person pastes into an e-mail or a CRM note, not markdown (docs/product.md#copying-as-plain-text).
      await navigator.clipboard.writeText(toPlainText(text));
      notify({ title: 'Copied', body: 'The insights are on your clipboard.', intent: 'success' });
    } catch {
      notify({ title: 'Copy failed', body: 'Your browser did not allow copying. Select the text instead.', intent: 'error' });
    }
  };
  return (
    <Button appearance="subtle" icon={<Copy20Regular />} onClick={() => void copy()} style={{ alignSelf: 'flex-start' }}>
      Copy insights
    </Button>
  );
}

/**
 * Regenerate (docs/decisions/0012-charged-once-per-answer.md): a distinct action that says what it costs before it charges — the first
 * click asks, the second writes a new version.
 */
function RegenerateButton({ onRegenerate }: { onRegenerate: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button appearance="secondary" icon={<ArrowClockwise20Regular />} onClick={() => setAsking(true)} title={M.regenerateCost}>
        {M.regenerate} (1 credit)
      </Button>
    );
  }
  return (
    <div
      role="group"
      aria-label={M.regenerate}
      style={{ display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Body1>{M.regenerateConfirm}</Body1>
      <Button
        appearance="primary"
        onClick={() => {
          setAsking(false);
          onRegenerate();
        }}
      >
        Yes, use 1 credit
      </Button>
      <Button appearance="subtle" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </div>
  );
}

const useStyles = makeStyles({
  card: { minHeight: '160px' },
  empty: { color: tokens.colorNeutralForeground3, textAlign: 'center', padding: tokens.spacingVerticalXXL },
  placeholder: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  note: { color: tokens.colorNeutralForeground3 },
});

/** Result area (docs/product.md#icebreak-screen): empty, loading (with section placeholders), error, or the rendered insights. */
export function ResultArea({ state, onRegenerate }: { state: AnalysisState; onRegenerate?: () => void }) {
  const styles = useStyles();
  if (state.phase === 'idle') {
    return (
      <Card className={styles.card}>
        <Body1 className={styles.empty}>Enter a person description above to see insights</Body1>
      </Card>
    );
  }
  if (state.phase === 'error') {
    return (
      <ErrorBar title={state.message} role="alert">
        {M.checkInput}
      </ErrorBar>
    );
  }
  const newsFound = state.phase === 'text' ? undefined : state.newsFound;
  const markdown = state.phase === 'text' ? state.markdown : buildInsightsMarkdown(state.sections, newsFound);
  const analyzing = state.phase === 'analyzing';
  // While analysing, sections not yet received show their placeholder.
  const waiting = analyzing ? SECTION_TITLES.map((_t, i) => sectionTitle(i, newsFound)).filter((_t, i) => !state.sections[i]?.trim()) : [];
  return (
    <Card className={styles.card} aria-busy={analyzing} aria-live="polite">
      {analyzing ? <Spinner size="small" label="Analyzing profile..." labelPosition="after" /> : null}
      {markdown ? (
        <Suspense
          fallback={
            <Skeleton aria-label="Loading the answer">
              <SkeletonItem />
            </Skeleton>
          }
        >
          <Markdown source={markdown} />
        </Suspense>
      ) : null}
      {waiting.map((title) => (
        <div key={title} className={styles.placeholder} data-testid="section-placeholder">
          <Subtitle2 as="h2">{title}</Subtitle2>
          <Caption1>Fetching insights...</Caption1>
          <Skeleton aria-hidden>
            <SkeletonItem />
            <SkeletonItem />
          </Skeleton>
        </div>
      ))}
      {state.phase === 'done' && state.stored ? <Caption1 className={styles.note}>{M.storedAnswer}</Caption1> : null}
      {markdown && !analyzing ? (
        <div style={{ display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' }}>
          <CopyButton text={markdown} />
          {state.phase === 'done' && onRegenerate ? <RegenerateButton onRegenerate={onRegenerate} /> : null}
        </div>
      ) : null}
      {state.generator === 'offline' && !/offline writer/i.test(markdown) ? (
        <Caption1 className={styles.note}>{M.offlineWriter}</Caption1>
      ) : null}
    </Card>
  );
}
