import { Badge } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import type { EnumDef } from '#common/enums/define-enum.ts';

/** A value of any registered enum (common/enums/) as a coloured badge with its label. */
export function StatusBadge<V extends string>({ of, value }: { of: EnumDef<V>; value: NoInfer<V> }) {
  const t = useT();
  return (
    // max-content: a table squeezing its columns must not cut the status to "ENTREG…".
    <Badge color={of.color(value)} variant="light" data-status={value} miw="max-content">
      {t(of.label(value))}
    </Badge>
  );
}
