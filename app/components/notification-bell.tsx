import { ActionIcon, Anchor, Divider, Indicator, Popover, Text } from '@mantine/core';
import { useState } from 'react';
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
  const [opened, setOpened] = useState(false);
  const open = (id: number) => `${localizePath('/notification', locale)}?open=${id}`;
  const close = () => setOpened(false);
  return (
    // A popover holding a plain list of links, not a Mantine Menu: a menu may hold only menu items,
    // and its label, divider and "nothing new" line broke axe aria-required-children (issue 20 §16).
    // Drawn in the header, not in a portal at the end of the body, so its content stays inside the
    // banner landmark (axe region).
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} withArrow withinPortal={false} shadow="md">
      <Popover.Target>
        {/* The button is the popover's target (it gets aria-expanded, aria-haspopup); the count is a
            picture inside it, named by the button's label, which holds the same number. */}
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={() => setOpened((was) => !was)}
          aria-label={`${t('notification.bell')}: ${t('notification.unread', { count: unread })}`}
          data-testid="bell"
          style={{ overflow: 'visible' }}
        >
          <Indicator label={unread} size={18} disabled={unread === 0} color="accent.7" offset={2} data-testid="bell-count">
            <BellIcon />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs" data-testid="bell-dropdown">
        <Text fz="xs" fw={700} c="dimmed" px="xs" pb={4}>
          {t('notification.bell')}
        </Text>
        {latest.length === 0 ? (
          <Text c="dimmed" fz="sm" p="xs">
            {t('notification.none')}
          </Text>
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {latest.map((item) => (
              <li key={item.id}>
                <Anchor component={Link} to={open(item.id)} onClick={close} c="inherit" underline="hover" display="block" p="xs" data-testid="bell-item">
                  <NotificationText item={item} />
                </Anchor>
              </li>
            ))}
          </ul>
        )}
        <Divider my={4} />
        <Anchor component={Link} to={localizePath('/notification', locale)} onClick={close} fz="sm" c="brand.8" display="block" p="xs" data-testid="bell-all">
          {t('desk.seeAll')}
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
