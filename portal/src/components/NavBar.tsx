import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles, tokens } from '@fluentui/react-components';
import { Navigation24Regular, SignOut20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router';
import { RouterLink } from './RouterLink';

export interface NavItem {
  to: string;
  label: string;
}

/** Spec §2: brand, Icebreak, Enrich, Premium, FAQ, Settings, Logout; Call and Call Logs from issue 10. */
const NAV_ITEMS: NavItem[] = [
  { to: '/icebreak', label: 'Icebreak' },
  { to: '/enrich', label: 'Enrich' },
  { to: '/call', label: 'Call' },
  { to: '/call-logs', label: 'Call Logs' },
  { to: '/subscription', label: 'Premium' },
  { to: '/faq', label: 'FAQ' },
  { to: '/settings', label: 'Settings' },
];

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
  spacer: { flexGrow: 1, [WIDE]: { display: 'none' } },
  logout: { [NARROW]: { display: 'none' } },
  menu: { [WIDE]: { display: 'none' } },
});

export function NavBar({ extraItems = [], onLogout }: { extraItems?: NavItem[]; onLogout: () => void }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const items = [...NAV_ITEMS, ...extraItems];
  return (
    <header className={styles.bar}>
      <RouterLink to="/icebreak" className={styles.brand}>
        Icebreak &amp; Enrich
      </RouterLink>
      <nav aria-label="Main" className={styles.links}>
        {items.map((item) => (
          <RouterLink key={item.to} to={item.to} className={styles.link}>
            {item.label}
          </RouterLink>
        ))}
      </nav>
      <span className={styles.spacer} />
      <Button className={styles.logout} appearance="subtle" icon={<SignOut20Regular />} onClick={onLogout}>
        Logout
      </Button>
      <div className={styles.menu}>
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button appearance="subtle" icon={<Navigation24Regular />} aria-label="Open navigation menu" />
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {items.map((item) => (
                <MenuItem key={item.to} onClick={() => navigate(item.to)}>
                  {item.label}
                </MenuItem>
              ))}
              <MenuItem icon={<SignOut20Regular />} onClick={onLogout}>
                Logout
              </MenuItem>
            </MenuList>
          </MenuPopover>
        </Menu>
      </div>
    </header>
  );
}
