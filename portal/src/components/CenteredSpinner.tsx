import { Spinner, makeStyles } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '60vh', width: '100%' },
});

/** The centred spinner shown while auth or a screen loads (docs/product.md#screens-and-routes). */
export function CenteredSpinner({ label = 'Loading...' }: { label?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root} role="status">
      <Spinner size="large" label={label} />
    </div>
  );
}
