import { lazy, Suspense, useState } from 'react';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Navigation24Regular, SignOut20Regular } from '@fluentui/react-icons';
import { useLocation, useNavigate } from 'react-router';
import { RouterLink } from './RouterLink';

// Fluent's Menu (positioning, focus management, motion: ~30 KB gzip in 9 files) stays closed on the
// first screen: it loads when the menu button is first pressed.
const NavMenu = lazy(() => import('./NavMenu'));

export interface NavItem {
  to: string;
  label: string;
}

/** The navigation bar (docs/product.md#navigation-bar): brand, Icebreak, Enrich, Premium, FAQ, Settings, Logout, Call, Call Logs, Usage; the current page shown. */
const NAV_ITEMS: NavItem[] = [
  { to: '/icebreak', label: 'Icebreak' },
  { to: '/enrich', label: 'Enrich settings' },
  { to: '/call', label: 'Call' },
  { to: '/call-logs', label: 'Call Logs' },
  { to: '/subscription', label: 'Premium' },
  { to: '/faq', label: 'FAQ' },
  { to: '/settings', label: 'Settings' },
  { to: '/usage', label: 'Usage' },
];

/** The page the user is on (RouterLink marks it aria-current; the styles below make it visible). */
const isCurrent = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

const NARROW = '@media (max-width: 720px)';
const WIDE = '@media (min-width: 721px)';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    position: 'sticky',
    top: 0,
    zIndex: 10,
  },
  brand: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, marginRight: tokens.spacingHorizontalL },
  links: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'center', flexGrow: 1, [NARROW]: { display: 'none' } },
  link: { fontSize: tokens.fontSizeBase300 },
  current: {
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'underline',
    textDecorationThickness: '2px',
    textUnderlineOffset: '6px',
  },
  spacer: { flexGrow: 1, [WIDE]: { display: 'none' } },
  logout: { [NARROW]: { display: 'none' } },
  menu: { [WIDE]: { display: 'none' } },
});

export function NavBar({ extraItems = [], onLogout }: { extraItems?: NavItem[]; onLogout: () => void }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = [...NAV_ITEMS, ...extraItems];
  const [menuWanted, setMenuWanted] = useState(false);
  // Until NavMenu has loaded, the same-looking button that asks for it.
  const menuButton = (
    <Button
      appearance="subtle"
      icon={<Navigation24Regular />}
      aria-label="Open navigation menu"
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setMenuWanted(true)}
    />
  );
  return (
    <header className={styles.bar}>
      <RouterLink to="/icebreak" className={styles.brand}>
        Icebreak &amp; Enrich
      </RouterLink>
      <nav aria-label="Main" className={styles.links}>
        {items.map((item) => (
          <RouterLink key={item.to} to={item.to} className={mergeClasses(styles.link, isCurrent(pathname, item.to) && styles.current)}>
            {item.label}
          </RouterLink>
        ))}
      </nav>
      <span className={styles.spacer} />
      <Button className={styles.logout} appearance="subtle" icon={<SignOut20Regular />} onClick={onLogout}>
        Logout
      </Button>
      <div className={styles.menu}>
        {menuWanted ? (
          <Suspense fallback={menuButton}>
            <NavMenu
              items={items.map((item) => ({ ...item, current: isCurrent(pathname, item.to) }))}
              currentClassName={styles.current}
              onNavigate={(to) => void navigate(to)}
              onLogout={onLogout}
            />
          </Suspense>
        ) : (
          menuButton
        )}
      </div>
    </header>
  );
}
