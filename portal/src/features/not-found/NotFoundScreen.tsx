import { Body1, Card, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { RouterLink } from '../../components/RouterLink';

const useStyles = makeStyles({
  wrap: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXXL },
  card: { maxWidth: '480px', width: '100%' },
});

export function NotFoundScreen() {
  const styles = useStyles();
  return (
    <main className={styles.wrap}>
      <Card className={styles.card}>
        <Title2 as="h1">404 Page Not Found</Title2>
        <Body1>Did you forget to add the page to the router?</Body1>
        <RouterLink to="/icebreak">Go to Icebreak</RouterLink>
      </Card>
    </main>
  );
}
