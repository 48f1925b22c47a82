import { useT } from '#app/lib/use-t.ts';
import type { EnumDef } from '#common/enums/define-enum.ts';
import classes from './list/cell.module.css';

/**
 * A value of any registered enum (common/enums/) as a coloured badge with its label: Mantine's
 * light Badge, drawn as one span with its colour's variables (decision 068: lists show one per row,
 * and Mantine's Badge cost each its provider and style resolution on the server).
 */
export function StatusBadge<V extends string>({ of, value }: { of: EnumDef<V>; value: NoInfer<V> }) {
  const t = useT();
  // The colour's variables come from the class (one rule per badge colour), not from a style
  // attribute on each badge; max-content, also there: a squeezed table must not cut "ENTREG…".
  return (
    <span className={classes.badge} data-color={of.color(value)} data-status={value}>
      {t(of.label(value))}
    </span>
  );
}
