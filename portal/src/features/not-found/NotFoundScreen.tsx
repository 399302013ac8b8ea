import { Body1, Card, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { ACCOUNT_MESSAGES as A } from '@shared/messages';
import { RouterLink } from '../../components/RouterLink';

const useStyles = makeStyles({
  wrap: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXXL },
  card: { maxWidth: '480px', width: '100%' },
});

/** Unknown address: say so plainly and offer the way home (the gate sends a signed-out user on to sign-in). */
export function NotFoundScreen() {
  const styles = useStyles();
  return (
    <main className={styles.wrap}>
      <Card className={styles.card}>
        <Title2 as="h1">{A.notFoundTitle}</Title2>
        <Body1 as="p">{A.notFoundBody}</Body1>
        <RouterLink to="/">Go to the home page</RouterLink>
      </Card>
    </main>
  );
}
