import { useQuery } from '@tanstack/react-query';
import { Badge, Body1, Button, Caption1, Card, CardHeader, Subtitle1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { HISTORY_LIST_HEIGHT_PX } from '@shared/constants';
import { PORTAL_MESSAGES as M } from '@shared/messages';
import type { HistoryItem } from '@shared/schemas';
import { historyQuery } from '@shared/api/queries/icebreak';
import { useSignedInUser } from '../../auth/AuthProvider';
import { useServices } from '../../core/services';
import { QueryErrorBar } from '../../components/ErrorBar';
import { formatDateTime } from '../../lib/dates';
import { failingWith } from '../../lib/errors';

const useStyles = makeStyles({
  scroll: {
    height: `${HISTORY_LIST_HEIGHT_PX}px`,
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingRight: tokens.spacingHorizontalS,
  },
  item: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  who: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  nameRow: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

/** Words of a description shown when no role or company could be read from it. */
const DESCRIPTION_PREVIEW_CHARS = 60;

/**
 * The line under the name that tells two analyses of one name apart: role and company read from
 * the description, else its first words (without the name it starts with).
 */
export function historySubtitle(profile: HistoryItem['insightsStructure']['profile']): string {
  const known = [profile.role, profile.company].filter((s) => s && s.trim()).join(' · ');
  if (known) return known;
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  let text = profile.description.trim();
  if (name && text.toLowerCase().startsWith(name.toLowerCase())) text = text.slice(name.length).replace(/^[\s,.:;–—-]+/, '');
  if (text.length <= DESCRIPTION_PREVIEW_CHARS) return text;
  // Cut at a word boundary when there is one.
  const cut = text.slice(0, DESCRIPTION_PREVIEW_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut).replace(/[\s,.:;–—-]+$/, '')}…`;
}

function sortNewestFirst(items: readonly HistoryItem[]): HistoryItem[] {
  return [...items].sort((a, b) => new Date(b.timestamp).getTime() - new Date(a.timestamp).getTime());
}

/** The History tab (docs/product.md#icebreak-screen). */
export function HistoryTab({ busy, onView }: { busy: boolean; onView: (item: HistoryItem) => void }) {
  const styles = useStyles();
  const { api } = useServices();
  const history = useQuery(failingWith(M.fetchHistoryFailed, historyQuery(api, useSignedInUser())));
  return (
    <Card>
      <CardHeader
        header={<Subtitle1 as="h2">Profile History</Subtitle1>}
        description={<Body1>View your previously analyzed prospects</Body1>}
      />
      {history.isPending ? (
        <Body1>Loading history...</Body1>
      ) : history.isError ? (
        <QueryErrorBar error={history.error} />
      ) : history.data.length === 0 ? (
        <Body1>No profiles analyzed yet</Body1>
      ) : (
        <div className={styles.scroll} role="list" aria-label="Analyzed profiles" tabIndex={0}>
          {sortNewestFirst(history.data).map((item) => {
            const { firstName, lastName } = item.insightsStructure.profile;
            const name = `${firstName} ${lastName}`.trim() || 'Unnamed profile';
            const ready = item.status === 'Ready';
            const subtitle = historySubtitle(item.insightsStructure.profile);
            return (
              <Card key={item._id} role="listitem" appearance="outline" size="small">
                <div className={styles.item}>
                  <div className={styles.who}>
                    <div className={styles.nameRow}>
                      <Subtitle2>{name}</Subtitle2>
                      <Badge color={ready ? 'success' : 'warning'} appearance="filled">
                        {item.status}
                      </Badge>
                    </div>
                    {subtitle && <Body1 data-testid="history-subtitle">{subtitle}</Body1>}
                    <Caption1>{formatDateTime(item.timestamp)}</Caption1>
                  </div>
                  <Button disabled={busy || !ready} onClick={() => onView(item)} aria-label={`View Insights for ${name}`}>
                    View Insights
                  </Button>
                </div>
              </Card>
            );
          })}
        </div>
      )}
    </Card>
  );
}
