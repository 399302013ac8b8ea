import { useQuery } from '@tanstack/react-query';
import { Badge, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { queryKeys } from '../../core/query-keys';
import { useServices } from '../../core/services';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export function useCredits(email: string) {
  const { api } = useServices();
  return useQuery({ queryKey: queryKeys.credits(email), queryFn: () => api.getCredits(email) });
}

/** The credits counter (docs/product.md#icebreak-screen): spinner while loading, 'Error' on failure, else the number (0 if absent). */
export function CreditsCounter({ email }: { email: string }) {
  const styles = useStyles();
  const credits = useCredits(email);
  return (
    <div className={styles.root} data-testid="credits-counter">
      <Text weight="semibold" id="credits-label">
        Credits
      </Text>
      {credits.isPending ? (
        <Spinner size="extra-tiny" aria-label="Loading credits" />
      ) : (
        <Badge size="large" appearance="tint" color={credits.isError ? 'danger' : 'brand'} aria-labelledby="credits-label" role="status">
          {credits.isError ? 'Error' : String(credits.data.credits ?? 0)}
        </Badge>
      )}
    </div>
  );
}
