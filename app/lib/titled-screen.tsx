import { Paper, Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import type { MetaArgs } from 'react-router';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from './meta.ts';

import type { MessageKey } from '#common/i18n/messages.ts';

/**
 * A login-required screen whose content a later issue builds: its title, meta and place in the
 * menu are real now. One factory instead of a dozen copies of the same twelve lines.
 */
export function titledScreen(titleKey: MessageKey) {
  return {
    meta: ({ location }: MetaArgs) => pageMeta(location.pathname, titleKey),
    Component() {
      const t = useT();
      return (
        <>
          <PageHeader title={t(titleKey)} />
          <Paper withBorder p="lg">
            <Text c="dimmed">{t('screen.underConstruction')}</Text>
          </Paper>
        </>
      );
    },
  };
}
