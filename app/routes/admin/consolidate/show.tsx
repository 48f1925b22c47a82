import { Button, Grid, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
import { FormAlert } from '#app/components/form-alert.tsx';
import { NumberField, TextareaField, TextField } from '#app/components/form/fields.tsx';
import { RecordForm } from '#app/components/form/record-form.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { consolidationStatus } from '#common/enums/casillero.ts';
import type { EnumValue } from '#common/enums/define-enum.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { ConsolidationShipInputSchema, ConsolidationStatusInputSchema } from '#common/schemas/consolidation.ts';
import { ConsolidationPackages, ConsolidationSummary, ConsolidationTimeline } from '../../consolidate/consolidation-details.tsx';
import type { Route } from './+types/show';
import { adminConsolidationShowAction, adminConsolidationShowLoader } from './consolidate.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminConsolidationShow');
export const loader = (args: Route.LoaderArgs) => adminConsolidationShowLoader(args);
export const action = (args: Route.ActionArgs) => adminConsolidationShowAction(args);

/**
 * One forward state: its button opens a dialog that asks first, with the note for the client's
 * timeline and, to ship, the final weight, cost and outbound tracking (the form kit checks them in
 * the page's language before sending; the action checks again).
 */
function MoveDialog({ id, status, initial }: { id: number; status: EnumValue<typeof consolidationStatus>; initial: Record<string, unknown> }) {
  const t = useT();
  const { result } = useFormResult();
  const answeredHere = result?.values?.status === status;
  // The dialog opens again when the server refused what it sent, so its errors are seen beside the fields.
  const [opened, { open, close }] = useDisclosure(answeredHere && Boolean(result?.errors));
  const label = t(consolidationStatus.label(status));
  const ships = status === 'shipped';
  return (
    <>
      <Button onClick={open} data-testid={`move-${status}`}>
        {t('consolidation.moveTo', { status: label })}
      </Button>
      <Modal opened={opened} onClose={close} title={t('consolidation.moveTitle', { id, status: label })} centered>
        <Text fz="sm" mb="md">
          {ships ? t('consolidation.shipMessage') : t('consolidation.moveMessage')}
        </Text>
        <RecordForm schema={ships ? ConsolidationShipInputSchema : ConsolidationStatusInputSchema} submitLabel={t('consolidation.confirmMove', { status: label })} initial={initial}>
          <input type="hidden" name="status" value={status} />
          {ships ? (
            <>
              <NumberField name="finalWeightLb" label="consolidation.finalWeight" data-testid="final-weight-input" />
              <NumberField name="finalCost" label="consolidation.finalCost" data-testid="final-cost-input" />
              <TextField name="outboundTracking" label="consolidation.outboundTracking" maxLength={60} data-testid="outbound-tracking-input" />
            </>
          ) : null}
          <TextareaField name="note" label="consolidation.note" autosize minRows={2} maxLength={500} />
        </RecordForm>
      </Modal>
    </>
  );
}

/** The next states as one button each, each asking first; cancelling asks too. */
function StatusActions({ id, next, initial }: { id: number; next: EnumValue<typeof consolidationStatus>[]; initial: Record<string, unknown> }) {
  const t = useT();
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
        <Stack gap="sm">
          {forward.map((status) => (
            <MoveDialog key={status} id={id} status={status} initial={initial} />
          ))}
        </Stack>
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
          {/* Keyed by status: a change made closes its dialog and starts the next one afresh. */}
          <StatusActions
            key={consolidation.status}
            id={consolidation.id}
            next={next}
            initial={{
              finalWeightLb: consolidation.finalWeightLb ?? undefined,
              finalCost: consolidation.finalCostCents === null ? undefined : consolidation.finalCostCents / 100,
              outboundTracking: consolidation.outboundTracking ?? undefined,
            }}
          />
          <ConsolidationTimeline events={events} />
        </Grid.Col>
      </Grid>
      {/* The whole width: in two thirds of a desktop the table scrolled and cut its status column. */}
      <ConsolidationPackages packages={packages} cancelled={consolidation.status === 'cancelled'} />
    </>
  );
}
