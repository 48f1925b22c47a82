import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/desk';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.desk');

export default function Desk() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('page.desk')} />
      <Paper withBorder p="lg">
        <Text>{t('desk.placeholder')}</Text>
      </Paper>
    </>
  );
}
