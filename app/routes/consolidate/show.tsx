import { Button, Grid, Group } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/show';
import { consolidationShowAction, consolidationShowLoader } from './consolidate.server.ts';
import { ConsolidationPackages, ConsolidationSummary, ConsolidationTimeline } from './consolidation-details.tsx';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.consolidationShow');
export const loader = (args: Route.LoaderArgs) => consolidationShowLoader(args);
export const action = (args: Route.ActionArgs) => consolidationShowAction(args);

export default function ConsolidationShow({ loaderData: { consolidation, packages, events } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { formError } = useFormResult();
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t('consolidation.number', { id: consolidation.id })}
        description={t('page.consolidationShow')}
        actions={
          <Group gap="xs">
            <Button component={Link} to={localizePath('/consolidate', locale)} variant="default">
              {t('list.back')}
            </Button>
            {consolidation.status === 'requested' ? (
              <ConfirmButton
                intent="cancel"
                label={t('consolidation.cancel')}
                title={t('consolidation.cancelTitle')}
                message={t('consolidation.cancelMessage')}
                confirmLabel={t('consolidation.confirmCancel')}
                data-testid="cancel-consolidation"
              />
            ) : null}
          </Group>
        }
      />
      <FormAlert error={formError} />
      <Grid gap="md" mt="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ConsolidationSummary consolidation={consolidation} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ConsolidationTimeline events={events} />
        </Grid.Col>
      </Grid>
      {/* The whole width: in two thirds of a desktop the table scrolled and cut its status column. */}
      <ConsolidationPackages packages={packages} cancelled={consolidation.status === 'cancelled'} />
    </>
  );
}
