import { Button, Link, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { teamPoolQuery } from '@shared/api/queries/team';
import { POOL_TEXT } from '@shared/team-pool';
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
  const { credits, user, auth, config, api } = useWidget();
  // In a team: its pool pays first (docs/product.md#team-credits), so the bar says so beside the own credits.
  const pool = useQuery({ ...teamPoolQuery(api, user.uid), enabled: credits !== null }).data;
  return (
    <div className={styles.bar}>
      <Text className={styles.brand}>{WIDGET_TEXT.brand}</Text>
      <span className={mergeClasses(styles.credits, credits === 0 && styles.empty)} data-testid="credits" aria-live="polite">
        {credits === null ? 'Credits: …' : `Credits: ${credits}`}
      </span>
      {pool ? (
        <span
          className={styles.credits}
          data-testid="team-pool"
          title={`${POOL_TEXT.paysFirst(pool.teamName)}${pool.capLeft === null ? '' : ` ${POOL_TEXT.capLeft(pool.capLeft)}.`}`}
        >
          {`${POOL_TEXT.label}: ${pool.credits}`}
        </span>
      ) : null}
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
