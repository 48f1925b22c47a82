import { z } from '#common/zod.ts';
import { numberInput } from './number.ts';
import { onOff } from './sales-settings.ts';

// A payment gateway's card on /store/payments (issue 39 §2, §3): on or off, sandbox or live, the
// minutes an unpaid order waits, and the gateway's own credentials. The fields and the bounds are
// the server's (each provider's `fields`, payment-gateways.ts's EXPIRY_MINUTES): the loader hands
// them to the page, the action takes them from the server, and both build the schema here, so the
// browser says what the action will. Credentials are write-only: blank keeps those saved, and
// typing one means typing them all (the service's rule, said beside each field first).

export const GATEWAY_ENVIRONMENTS = ['sandbox', 'live'] as const;

/** What the form needs of a provider's field: its name and how long it may be. */
export type GatewayFieldLimits = { name: string; maxLength: number };

export function gatewayFormSchema(fields: readonly GatewayFieldLimits[], expiry: { min: number; max: number }) {
  const credentials = Object.fromEntries(fields.map((field) => [field.name, z.string().trim().max(field.maxLength, { error: 'validation.tooLong' }).optional().default('')]));
  const minutes = numberInput((n) =>
    n.int({ error: 'payment.settings.expiryRange' }).min(expiry.min, { error: 'payment.settings.expiryRange' }).max(expiry.max, { error: 'payment.settings.expiryRange' }),
  );
  return z
    .object({ enabled: onOff, environment: z.enum(GATEWAY_ENVIRONMENTS, { error: 'validation.invalid' }), expiryMinutes: minutes, ...credentials })
    .superRefine((value, ctx) => {
      const typed = value as Record<string, unknown>;
      if (!fields.some((field) => typed[field.name] !== '')) return;
      for (const field of fields) if (typed[field.name] === '') ctx.addIssue({ code: 'custom', path: [field.name], message: 'validation.required' });
    });
}

/** The form's values as the service takes them: the credentials apart. */
export function gatewayInputOf(data: Record<string, unknown>, fields: readonly GatewayFieldLimits[]) {
  return {
    enabled: data.enabled === true,
    environment: data.environment === 'live' ? ('live' as const) : ('sandbox' as const),
    expiryMinutes: Number(data.expiryMinutes),
    credentials: Object.fromEntries(fields.map((field) => [field.name, String(data[field.name] ?? '')])),
  };
}

/** The page's forms by intent: the sales settings' form, and one per gateway (`gateway-payphone`). */
export const SALES_INTENT = 'sales';
export const gatewayIntent = (gateway: string) => `gateway-${gateway}`;
