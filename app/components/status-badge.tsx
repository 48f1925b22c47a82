import { Badge } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';

const COLORS: Record<string, string> = {
  pending: 'yellow', received: 'brand', in_warehouse: 'brand', consolidating: 'indigo', requested: 'yellow', processing: 'indigo',
  shipped: 'blue', in_customs: 'orange', delivered: 'green', cancelled: 'gray', open: 'yellow', answered: 'brand', closed: 'gray',
};

type Kind = 'alertStatus' | 'packageStatus' | 'consolidationStatus' | 'ticketStatus';

export function StatusBadge({ kind, status }: { kind: Kind; status: string }) {
  const t = useT();
  return (
    // max-content: a table squeezing its columns must not cut the status to "ENTREG…".
    <Badge color={COLORS[status] ?? 'gray'} variant="light" data-status={status} miw="max-content">
      {t(`casillero.${kind}.${status}` as never)}
    </Badge>
  );
}
