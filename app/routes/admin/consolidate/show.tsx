import { Button, Grid, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { consolidationStatus } from '#common/enums/casillero.ts';
import type { EnumValue } from '#common/enums/define-enum.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { ConsolidationPackages, ConsolidationSummary, ConsolidationTimeline } from '../../consolidate/consolidation-details.tsx';
import type { Route } from './+types/show';
import { adminConsolidationShowAction, adminConsolidationShowLoader } from './consolidate.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminConsolidationShow');
export const loader = (args: Route.LoaderArgs) => adminConsolidationShowLoader(args);
export const action = (args: Route.ActionArgs) => adminConsolidationShowAction(args);

/** The next states as one button each, sharing one note for the client's timeline; cancelling asks first. */
function StatusActions({ next }: { next: EnumValue<typeof consolidationStatus>[] }) {
  const t = useT();
  const { fieldError, value } = useFormResult();
  const busy = useNavigation().state === 'submitting';
  const forward = next.filter((status) => status !== 'cancelled');
  return (
    <Paper withBorder p="lg" radius="md" mb="md">
      <Title order={2} fz="md">
        {t('consolidation.changeStatus')}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {next.length ? t('consolidation.changeStatusText') : t('consolidation.finished')}
      </Text>
      {forward.length ? (
        <Form method="post">
          <Stack gap="sm">
            <Textarea name="note" label={t('consolidation.note')} defaultValue={value('note') ?? ''} error={fieldError('note')} autosize minRows={2} maxLength={500} />
            {forward.map((status) => (
              <Button key={status} type="submit" name="status" value={status} loading={busy} data-testid={`move-${status}`}>
                {t('consolidation.moveTo', { status: t(consolidationStatus.label(status)) })}
              </Button>
            ))}
          </Stack>
        </Form>
      ) : null}
      {next.includes('cancelled') ? (
        <ConfirmButton
          mt="sm"
          fullWidth
          intent="status"
          fields={{ status: 'cancelled' }}
          label={t('consolidation.cancel')}
          title={t('consolidation.cancelTitle')}
          message={t('consolidation.cancelMessage')}
          confirmLabel={t('consolidation.confirmCancel')}
        />
      ) : null}
    </Paper>
  );
}

export default function AdminConsolidationShow({ loaderData: { consolidation, packages, events, next } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { formError, fieldError } = useFormResult();
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t('consolidation.number', { id: consolidation.id })}
        description={`${consolidation.name} ${consolidation.lastname} · ${consolidation.lockerCode ?? ''} · ${consolidation.email}`}
        actions={
          <Button component={Link} to={localizePath('/admin/consolidate', locale)} variant="default">
            {t('list.back')}
          </Button>
        }
      />
      <FormAlert error={formError ?? fieldError('status')} />
      <Grid gap="md" mt="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ConsolidationSummary consolidation={consolidation} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <StatusActions next={next} />
          <ConsolidationTimeline events={events} />
        </Grid.Col>
      </Grid>
      {/* The whole width: in two thirds of a desktop the table scrolled and cut its status column. */}
      <ConsolidationPackages packages={packages} cancelled={consolidation.status === 'cancelled'} />
    </>
  );
}
