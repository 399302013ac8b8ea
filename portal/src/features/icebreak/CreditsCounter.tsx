import { Badge, Spinner, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { teamPoolQuery } from '@shared/api/queries/team';
import { POOL_TEXT } from '@shared/team-pool';
import { useSignedInUser } from '../../auth/AuthProvider';
import { useBalance } from '../../core/balance';
import { useServices } from '../../core/services';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** The credits counter (docs/product.md#icebreak-screen): spinner while loading, 'Error' on failure, else the number (0 if absent). */
export function CreditsCounter() {
  const styles = useStyles();
  const credits = useBalance();
  const { api } = useServices();
  // In a team: its pool pays first (docs/product.md#team-credits), so it is shown beside the own credits.
  const pool = useQuery(teamPoolQuery(api, useSignedInUser().uid)).data;
  return (
    <div className={styles.root} data-testid="credits-counter">
      <Text weight="semibold" id="credits-label">
        Credits
      </Text>
      {credits.isPending ? (
        <Spinner size="extra-tiny" aria-label="Loading credits" />
      ) : (
        <Badge size="large" appearance="tint" color={credits.isError ? 'danger' : 'brand'} aria-labelledby="credits-label" role="status">
          {credits.isError ? 'Error' : String(credits.data ?? 0)}
        </Badge>
      )}
      {pool ? (
        <Tooltip
          relationship="description"
          content={`${POOL_TEXT.paysFirst(pool.teamName)}${pool.capLeft === null ? '' : ` ${POOL_TEXT.capLeft(pool.capLeft)}.`}`}
        >
          <Badge size="large" appearance="tint" color="informative" data-testid="team-pool">
            {`${POOL_TEXT.label}: ${pool.credits}`}
          </Badge>
        </Tooltip>
      ) : null}
    </div>
  );
}
