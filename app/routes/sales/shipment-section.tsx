import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';
import cell from '#app/components/list/cell.module.css';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { localeFromPath } from '#common/locale.ts';
import type { ShipmentView } from '#server/modules/sales/shipment/shipment-view.ts';

/**
 * The order's shipments (issue 40 §2): each parcel's carrier, tracking number and link, its date,
 * and the units it carries. A link that opens only the carrier's page (Tramaco) says so.
 */
export function ShipmentSection({ shipments }: { shipments: ShipmentView[] }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <Paper withBorder p="md" radius="md" mt="md" component="section" aria-labelledby="shipments-title" data-testid="shipments">
      <Title order={2} size="h4" mb="sm" id="shipments-title">
        {t('shipment.title')}
      </Title>
      {shipments.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('shipment.none')}
        </Text>
      ) : (
        <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {shipments.map((shipment) => (
            <li key={shipment.id} data-testid="shipment">
              <Text fw={600}>
                {`${shipment.carrierLabel} · ${shipment.trackingNumber || t('shipment.noTracking')}`}
              </Text>
              <Text fz="xs" c="dimmed">
                {t('shipment.shippedOn', { date: formatDate(shipment.createdAt, locale, true) })}
              </Text>
              {shipment.trackingUrl ? (
                <Text fz="sm">
                  <Anchor href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" data-testid="tracking-link">
                    {shipment.linkCarriesNumber ? t('shipment.track') : t('shipment.trackPage', { carrier: shipment.carrierLabel })}
                  </Anchor>
                  {shipment.linkCarriesNumber ? null : ` · ${t('shipment.typeTheNumber')}`}
                </Text>
              ) : null}
              <Text fz="sm">{shipment.lines.map((line) => `${line.name} × ${line.quantity}`).join(', ')}</Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** A paid order some of whose units left with a carrier: beside its state, in the list and on its page (decision 091). */
export function PartlyShippedBadge() {
  const t = useT();
  return (
    <span className={cell.badge} data-color="teal" data-status="partly-shipped" style={{ marginInlineStart: 6 }}>
      {t('shipment.partlyShipped')}
    </span>
  );
}
