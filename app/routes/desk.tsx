import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { appContext } from '#app-context';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/desk';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.desk');

export function loader({ context }: Route.LoaderArgs) {
  return { name: context.get(appContext).user?.name ?? '' };
}

export default function Desk({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title={t('desk.greeting', { name: loaderData.name })} description={t('page.desk')} />
      <FormAlert notice={params.get('welcome') ? t('auth.registered') : undefined} />
      <Paper withBorder p="lg" mt="md">
        <Text>{t('desk.placeholder')}</Text>
      </Paper>
    </>
  );
}
