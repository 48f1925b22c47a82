import { ActionIcon, Indicator, Menu, Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { type NotificationItem, NotificationText } from './notification-text.tsx';

function BellIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** The header bell: unread count, the latest items (each opens its record and is marked read). */
export function NotificationBell({ unread, latest }: { unread: number; latest: NotificationItem[] }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const open = (id: number) => `${localizePath('/notification', locale)}?open=${id}`;
  return (
    // In the header, not in a portal at the end of the body: its content stays inside the banner
    // landmark (axe region), and everything in the menu is a menu item (aria-required-children).
    <Menu position="bottom-end" width={320} withArrow withinPortal={false}>
      <Menu.Target>
        {/* The button is the menu's target (it gets aria-expanded, aria-haspopup); the count is a
            picture inside it, named by the button's label, which holds the same number. */}
        <ActionIcon variant="subtle" size="lg" aria-label={`${t('notification.bell')}: ${t('notification.unread', { count: unread })}`} data-testid="bell" style={{ overflow: 'visible' }}>
          <Indicator label={unread} size={18} disabled={unread === 0} color="accent.7" offset={2} data-testid="bell-count">
            <BellIcon />
          </Indicator>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('notification.bell')}</Menu.Label>
        {latest.length === 0 ? (
          <Text c="dimmed" fz="sm" p="sm">
            {t('notification.none')}
          </Text>
        ) : (
          latest.map((item) => (
            <Menu.Item key={item.id} component={Link} to={open(item.id)} data-testid="bell-item">
              <NotificationText item={item} />
            </Menu.Item>
          ))
        )}
        <Menu.Divider />
        <Menu.Item component={Link} to={localizePath('/notification', locale)} fz="sm" c="brand.8" data-testid="bell-all">
          {t('desk.seeAll')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
