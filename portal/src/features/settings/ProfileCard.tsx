import { Badge, Body1, Card, CardHeader, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useSignedInUser } from '../../auth/AuthProvider';
import { useUserRecord } from '../../core/user-record';
import { formatDate } from '../../lib/dates';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

/** Who is signed in: name, e-mail with its verified badge, member since. */
export function ProfileCard() {
  const styles = useStyles();
  const user = useSignedInUser();
  const record = useUserRecord();
  return (
    <Card>
      <CardHeader header={<Subtitle2 as="h2">Account Information</Subtitle2>} />
      <dl className={styles.list}>
        <dt className={styles.term}>Name</dt>
        <dd className={styles.value}>{record.data?.name ?? '—'}</dd>
        <dt className={styles.term}>E-mail</dt>
        <dd className={styles.value}>
          <Body1>
            Signed in as <strong>{user.email}</strong>
          </Body1>
          {user.emailVerified ? (
            <Badge appearance="tint" color="success">
              Verified
            </Badge>
          ) : null}
        </dd>
        {record.data ? (
          <>
            <dt className={styles.term}>Member since</dt>
            <dd className={styles.value}>{formatDate(record.data.createdAt)}</dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}
