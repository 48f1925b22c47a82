import { Badge, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Form, useLocation } from 'react-router';
import { useT } from '#app/lib/use-t.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { StoreRole } from '#common/store-permissions.ts';

type StoreChoice = { id: number; name: string; role: StoreRole };

/**
 * The header's store switcher (issue 38 §2): the store in use, and the user's other stores, each a
 * form that posts to `/store/switch` (the session keeps the choice). Shown only to someone who is a
 * member of more than one store; the current store's name is always visible from a tablet up.
 */
export function StoreSwitcher({ store, stores }: { store: StoreChoice | null; stores: readonly StoreChoice[] }) {
  const t = useT();
  const location = useLocation();
  const locale = localeFromPath(location.pathname);
  if (!store || stores.length < 2) return null;
  const back = `${location.pathname}${location.search}`;
  return (
    <Menu position="bottom-end" withArrow>
      <Menu.Target>
        <UnstyledButton data-testid="store-switcher">
          <Group gap={6} wrap="nowrap">
            <Text fw={600} fz="sm" visibleFrom="sm" data-testid="store-in-use" truncate maw={180}>
              {store.name}
            </Text>
            <Badge variant="light" color="gray" visibleFrom="sm">
              {t(`tenancy.roles.${store.role}`)}
            </Badge>
            <Text fz="sm" hiddenFrom="sm" aria-hidden="true">
              ⇄
            </Text>
            <VisuallyHidden>{t('tenancy.switch')}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('tenancy.switcher')}</Menu.Label>
        {stores.map((choice) => (
          <Form key={choice.id} method="post" action={localizePath('/store/switch', locale)}>
            <input type="hidden" name="store" value={choice.id} />
            <input type="hidden" name="back" value={back} />
            <Menu.Item component="button" type="submit" disabled={choice.id === store.id} aria-current={choice.id === store.id ? 'true' : undefined} data-testid={`switch-store-${choice.id}`}>
              <Group gap={6} wrap="nowrap" justify="space-between">
                <span>{choice.name}</span>
                <Badge variant="light" color="gray" size="sm">
                  {t(`tenancy.roles.${choice.role}`)}
                </Badge>
              </Group>
            </Menu.Item>
          </Form>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
