import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { Navigation24Regular, SignOut20Regular } from '@fluentui/react-icons';

export interface NavMenuItem {
  to: string;
  label: string;
  current: boolean;
}

/**
 * The phone-sized navigation menu (Fluent's Menu with its positioning and focus management), in its
 * own chunk: NavBar mounts it on the first press of its menu button, so it opens as it mounts
 * (Fluent's Menu then moves focus to the first item, and back to the button on close).
 */
export default function NavMenu({
  items,
  currentClassName,
  onNavigate,
  onLogout,
}: {
  items: NavMenuItem[];
  currentClassName: string;
  onNavigate: (to: string) => void;
  onLogout: () => void;
}) {
  return (
    <Menu defaultOpen>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<Navigation24Regular />} aria-label="Open navigation menu" />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {items.map((item) => (
            <MenuItem
              key={item.to}
              onClick={() => onNavigate(item.to)}
              aria-current={item.current ? 'page' : undefined}
              className={item.current ? currentClassName : undefined}
            >
              {item.label}
            </MenuItem>
          ))}
          <MenuItem icon={<SignOut20Regular />} onClick={onLogout}>
            Logout
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
