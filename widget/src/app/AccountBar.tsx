import { Button, Link, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { WIDGET_TEXT } from './messages';
import { portalLink } from './services';
import { useWidget } from './widget-context';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    flexWrap: 'wrap',
    paddingBottom: '8px',
    marginBottom: '10px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  brand: { fontWeight: tokens.fontWeightSemibold, marginRight: 'auto' },
  // A tinted pill like Fluent's Badge, without its bundle (presence icons and all).
  credits: {
    padding: '0 8px',
    borderRadius: tokens.borderRadiusCircular,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: '20px',
    color: tokens.colorBrandForeground2,
    backgroundColor: tokens.colorBrandBackground2,
    border: `1px solid ${tokens.colorBrandStroke2}`,
  },
  empty: {
    color: tokens.colorPaletteRedForeground1,
    backgroundColor: tokens.colorPaletteRedBackground1,
    border: `1px solid ${tokens.colorPaletteRedBorder1}`,
  },
  who: { color: tokens.colorNeutralForeground3, maxWidth: '180px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** Always visible: who is signed in, the credits left, the way to upgrade, sign-out. */
export function AccountBar() {
  const styles = useStyles();
  const { credits, user, auth, config } = useWidget();
  return (
    <div className={styles.bar}>
      <Text className={styles.brand}>{WIDGET_TEXT.brand}</Text>
      <span className={mergeClasses(styles.credits, credits === 0 && styles.empty)} data-testid="credits" aria-live="polite">
        {credits === null ? 'Credits: …' : `Credits: ${credits}`}
      </span>
      <Link href={portalLink(config, '/subscription')} target="_blank" rel="noopener noreferrer">
        Upgrade
      </Link>
      <Text size={200} className={styles.who} title={user.email}>
        {user.email}
      </Text>
      <Button size="small" appearance="subtle" onClick={() => void auth.signOut()}>
        Sign out
      </Button>
    </div>
  );
}
