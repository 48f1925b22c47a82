import type { EnumValue } from './enums/define-enum.ts';
import type { paymentMethod } from './enums/payment.ts';

// Each way to pay with its logo (issue 39 §6): small original wordmarks and icons in
// public/payment-logos/, served as they are, so the owner's payments screen and the storefront's
// checkout (a server-rendered page) show the same picture from the same address.

/** `/payment-logos/payphone.svg`, `/payment-logos/bank-transfer.svg`… */
export const paymentLogoUrl = (method: EnumValue<typeof paymentMethod>) => `/payment-logos/${method.replaceAll('_', '-')}.svg`;
