import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translator } from '#common/i18n/all-languages.ts';
import { ErrorBody, requestLocale } from '#server/api/api-errors.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';
import { EXPIRY_MINUTES, GatewayInvalid } from './payment-gateways.ts';
import { GATEWAYS } from './payment-provider.ts';
import { providerOf } from './providers/registry.ts';

// `/api/v1/store/payment-gateways` (issue 39 §2, §3, §9): the caller's store's gateways, the same
// service as /store/payments. There is no store id in the path: it is always the caller's store.
// Credentials are write-only: sealed by the service, never answered (`configured` says whether
// there are any); a PUT without them keeps those saved, so a GET's answer can be PUT back.

const Environment = z.enum(['sandbox', 'live']).describe("'sandbox' (the gateway's test environment, no real money) or 'live'");

const GatewayView = z.object({
  gateway: z.enum(GATEWAYS),
  enabled: z.boolean().describe('Offered at checkout (when it also has credentials)'),
  environment: Environment,
  configured: z.boolean().describe('Whether credentials are saved; they are never answered'),
  expiryMinutes: z.number().describe('An unpaid order is cancelled, and its stock released, this many minutes after it was placed'),
});

const GatewayParams = z.object({ gateway: z.enum(GATEWAYS, { error: 'validation.invalid' }).describe("'payphone' or 'paypal'") });

const credentialNames = GATEWAYS.map((gateway) => `${gateway}: ${providerOf(gateway).fields.map((field) => field.name).join(', ')}`).join('; ');

const GatewayBody = z.object({
  enabled: z.boolean({ error: 'validation.required' }),
  environment: z.enum(['sandbox', 'live'], { error: 'validation.invalid' }),
  expiryMinutes: z.number({ error: 'validation.number' }).int({ error: 'validation.invalid' }).describe(`From ${EXPIRY_MINUTES.min} to ${EXPIRY_MINUTES.max} minutes`),
  credentials: z
    .record(z.string(), z.string().max(4096, { error: 'validation.tooLong' }))
    .optional()
    .describe(`Write-only; every field of the gateway, or none to keep those saved (${credentialNames})`),
});

export async function paymentGatewaysApi(app: FastifyInstance, { services: { paymentGateways } }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['store'];
  api.addHook('preHandler', requireUser);
  api.addHook('preHandler', requireStore);

  api.get('/store/payment-gateways', {
    schema: { tags, operationId: 'list_payment_gateways', summary: "My store's payment gateways (never their credentials)", response: { 200: z.object({ rows: z.array(GatewayView) }), 409: ErrorBody } },
    handler: async (request) => ({ rows: await paymentGateways.loadGateways(request.store!) }),
  });

  api.get('/store/payment-gateways/:gateway', {
    schema: {
      tags,
      operationId: 'get_payment_gateway',
      summary: 'One payment gateway of my store: on or off, sandbox or live, the minutes an unpaid order waits, and whether its credentials are saved (never the credentials)',
      params: GatewayParams,
      response: { 200: GatewayView, 400: ErrorBody, 409: ErrorBody },
    },
    handler: async (request) => (await paymentGateways.loadGateways(request.store!)).find((item) => item.gateway === request.params.gateway)!,
  });

  api.put('/store/payment-gateways/:gateway', {
    schema: {
      tags,
      operationId: 'put_payment_gateway',
      summary: 'Change one payment gateway of my store; credentials are write-only (kept encrypted, never answered) and stay as saved when omitted',
      params: GatewayParams,
      body: GatewayBody,
      response: { 200: GatewayView, 400: ErrorBody, 409: ErrorBody },
    },
    handler: async (request, reply) => {
      const { gateway } = request.params;
      const { credentials = {}, ...settings } = request.body;
      const known = new Set(providerOf(gateway).fields.map((field) => field.name));
      try {
        // A name the gateway does not take is refused, not dropped: the caller meant something by it.
        if (Object.keys(credentials).some((name) => !known.has(name))) throw new GatewayInvalid({ credentials: 'validation.invalid' });
        return await paymentGateways.saveGateway(request.store!, gateway, { ...settings, credentials });
      } catch (error) {
        if (!(error instanceof GatewayInvalid)) throw error;
        // Every refused field, each in the caller's language (the house's handler names only the first).
        const t = translator(requestLocale(request));
        const fields = Object.fromEntries(Object.entries(error.fields).map(([name, key]) => [name, String(t(key))]));
        return reply.code(400).send({ error: error.code, message: Object.values(fields)[0] ?? String(t('validation.invalid')), fields });
      }
    },
  });
}
