import { Button, Group } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { localeFromPath, localizePath, stripLocale } from '#common/locale.ts';

const LINKS = [
  ['/profile', 'nav.profile'],
  ['/profile/update', 'profile.edit'],
  ['/profile/password', 'profile.changePassword'],
  ['/profile/notifications', 'profile.notifications'],
  ['/profile/tokens', 'profile.accessTokens'],
  ['/profile/delete', 'profile.deleteAccount'],
] as const;

/** The profile's sections, as links (they work without JavaScript; on a phone they wrap, all in sight). */
export function ProfileNav() {
  const t = useT();
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const current = stripLocale(pathname);
  return (
    <Group component="nav" aria-label={t('page.profile')} gap={4} mb="lg">
      {LINKS.map(([path, label]) => (
        <Button
          key={path}
          component={Link}
          to={localizePath(path, locale)}
          variant={current === path ? 'light' : 'subtle'}
          color={path === '/profile/delete' ? 'red' : undefined}
          size="compact-md"
          aria-current={current === path ? 'page' : undefined}
        >
          {t(label)}
        </Button>
      ))}
    </Group>
  );
}
