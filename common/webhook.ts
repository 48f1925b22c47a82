import { STORE_EVENT_TYPES, type StoreEventType } from '#common/store-events.ts';
import { z } from '#common/zod.ts';

// A store's webhook endpoints (issue 38 §5): what the form and the API take, shared by both.

/** A store keeps at most this many endpoints: an ERP, a courier, a bot… not a fan-out service. */
export const WEBHOOK_ENDPOINT_MAX = 10;

/** What an endpoint can ask for: every event but the test, which goes only where the owner sends it. */
export const WEBHOOK_EVENT_TYPES = STORE_EVENT_TYPES.filter((type) => type !== 'webhook.test') as Exclude<StoreEventType, 'webhook.test'>[];
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event types grouped by what they are about (`order`, `product`…), for the form's checkboxes. */
export function webhookEventGroups(): [string, WebhookEventType[]][] {
  const groups = new Map<string, WebhookEventType[]>();
  for (const type of WEBHOOK_EVENT_TYPES) {
    const group = type.split('.')[0]!;
    groups.set(group, [...(groups.get(group) ?? []), type]);
  }
  return [...groups];
}

export const WEBHOOK_URL_MAX = 2000;

export const WebhookEndpointInputSchema = z.object({
  url: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(WEBHOOK_URL_MAX, { error: 'validation.tooLong' })
    .refine((text) => URL.canParse(text), { error: 'webhook.urlInvalid' }),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], { error: 'validation.invalid' }), { error: 'webhook.eventsRequired' })
    .min(1, { error: 'webhook.eventsRequired' })
    .transform((events) => [...new Set(events)]),
  enabled: z.boolean({ error: 'validation.invalid' }).default(true),
});
export type WebhookEndpointInput = z.infer<typeof WebhookEndpointInputSchema>;

/** The states an endpoint is shown in: on, turned off by its owner, or turned off after three days of failures. */
export type WebhookEndpointState = 'enabled' | 'disabled' | 'failing';
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** The page's form: the same fields, `enabled` a checkbox (ticked: "on"; unticked: absent). */
export const WebhookEndpointFormSchema = WebhookEndpointInputSchema.extend({
  enabled: z.preprocess((value) => value === true || value === 'on' || value === 'true', z.boolean()),
});
