import { useT } from '#app/lib/use-t.ts';
import { CARRIERS, carrierLabel } from '#common/enums/casillero.ts';

/** A carrier's name in the page's language: proper names as they are, "Other" translated. */
export function useCarrierName() {
  const t = useT();
  return (carrier: string) => {
    const key = carrierLabel(carrier);
    return key ? t(key) : carrier;
  };
}

/** The carrier options of a select: the stored value, the shown name. */
export function useCarrierOptions() {
  const name = useCarrierName();
  return CARRIERS.map((value) => ({ value, label: name(value) }));
}
