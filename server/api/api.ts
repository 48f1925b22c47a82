import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { alertApi } from '#server/modules/alert/alert.api.ts';
import { notificationApi } from '#server/modules/notification/notification.api.ts';
import { packageApi } from '#server/modules/package/package.api.ts';
import { consolidationApi } from '#server/modules/consolidation/consolidation.api.ts';
import { ticketApi } from '#server/modules/ticket/ticket.api.ts';
import { invoiceApi } from '#server/modules/sales/invoice/invoice.api.ts';
import { creditNoteApi } from '#server/modules/sales/credit-note/credit-note.api.ts';
import { storeApi } from '#server/modules/store/store.api.ts';
import { storeSalesApi } from '#server/modules/sales/store-sales/store-sales.api.ts';
import { shippingApi } from '#server/modules/sales/shipping/shipping.api.ts';
import { paymentGatewaysApi } from '#server/modules/sales/payment/payment-gateways.api.ts';
import { sriCertificateApi } from '#server/modules/sales/sri-certificate/sri-certificate.api.ts';
import { domainApi } from '#server/modules/domain/domain.api.ts';
import { storeDesignApi } from '#server/modules/store/store-design.api.ts';
import { planApi } from '#server/modules/plan/plan.api.ts';
import { productCsvApi } from '#server/modules/product-csv/product-csv.api.ts';
import { bannerApi } from '#server/modules/banner/banner.api.ts';
import { productApi } from '#server/modules/product/product.api.ts';
import { orderApi } from '#server/modules/sales/order/order.api.ts';
import { paymentApi } from '#server/modules/sales/payment/payment.api.ts';
import { shipmentApi } from '#server/modules/sales/shipment/shipment.api.ts';
import { customerApi } from '#server/modules/sales/customer/customer.api.ts';
import { webhookApi } from '#server/modules/webhook/webhook.api.ts';
import { activityApi } from '#server/modules/activity/activity.api.ts';
import { staffApi } from '#server/modules/staff/staff.api.ts';
import { uploadRoutes } from '#server/modules/upload/upload.api.ts';
import { mediaRoutes } from '#server/modules/upload/image-variants.api.ts';
import { currentUserPlugin, refuseReadOnlyToken } from '#server/plugins/current-user.ts';
import type { Services } from '#server/services.ts';
import { refuseOutsideRole, storeScopePlugin } from '#server/plugins/store-scope.ts';
import { resourceApi } from '#server/resources/resource-api.ts';
import { genericService, STORE_RESOURCES } from '#server/resources/registry.ts';
import { translator } from '#common/i18n/all-languages.ts';
import { apiErrorHandler, requestLocale } from './api-errors.ts';
import { apiDocsRoutes } from './api-docs.ts';
import { openApiHead, openApiTransform } from './openapi.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The methods a route of this path answers: the catch-all `/*` (whose match fills `*`) is none. */
function allowedMethods(server: FastifyInstance, path: string): string[] {
  return METHODS.filter((method) => {
    const route = server.findRoute({ method, url: path });
    return route !== null && !('*' in (route.params as Record<string, string>));
  });
}

/**
 * The JSON API under /api/v1: thin routes over the same services the pages use, each with zod
 * schemas that validate the input and describe it in the OpenAPI document at /api/docs.
 */
export async function apiPlugin(app: FastifyInstance, options: { services: Services }) {
  await app.register(fastifySwagger, { openapi: { openapi: '3.0.3', ...openApiHead }, hideUntagged: true, transform: openApiTransform });
  await app.register(apiDocsRoutes, { publicUrl: options.services.deps.config.publicUrl });

  await app.register(async (v1) => {
    v1.setValidatorCompiler(validatorCompiler);
    v1.setSerializerCompiler(serializerCompiler);
    v1.setErrorHandler(apiErrorHandler);
    await v1.register(currentUserPlugin, options);
    await v1.register(storeScopePlugin, options);
    // A read-only token can change nothing: its 403 comes before the body is read or validated,
    // so an invalid body does not get validation errors for a call that was never allowed. The
    // reply it returns is a thenable Fastify waits for, so nothing after the hook runs.
    v1.addHook('preParsing', async (request, reply, payload) => ((await refuseReadOnlyToken(request, reply)) ?? payload) as typeof payload);
    // … and so does a store role that does not reach the operation's area (decision 088).
    v1.addHook('preParsing', async (request, _reply, payload) => {
      await refuseOutsideRole(request);
      return payload;
    });
    v1.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    await v1.register(alertApi, options);
    await v1.register(packageApi, options);
    await v1.register(notificationApi, options);
    await v1.register(consolidationApi, options);
    await v1.register(ticketApi, options);
    await v1.register(storeApi, options);
    await v1.register(storeDesignApi, options);
    await v1.register(storeSalesApi, options);
    await v1.register(shippingApi, options);
    await v1.register(paymentGatewaysApi, options);
    await v1.register(sriCertificateApi, options);
    await v1.register(domainApi, options);
    await v1.register(planApi, options);
    await v1.register(productCsvApi, options);
    await v1.register(bannerApi, options);
    await v1.register(productApi, options);
    await v1.register(orderApi, options);
    await v1.register(paymentApi, options);
    await v1.register(shipmentApi, options);
    await v1.register(customerApi, options);
    await v1.register(invoiceApi, options);
    await v1.register(creditNoteApi, options);
    await v1.register(webhookApi, options);
    await v1.register(staffApi, options);
    await v1.register(activityApi, options);
    // An unknown API path is a JSON 404 for every method; a known one asked with a method it does
    // not take is a 405 naming the methods it does (RFC 9110 §15.5.6), not a 404.
    v1.all('/*', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const t = translator(requestLocale(request));
      const allow = allowedMethods(request.server, path);
      if (allow.length > 0) return reply.code(405).header('allow', allow.join(', ')).send({ error: 'method_not_allowed', message: String(t('error.methodNotAllowed', { method: request.method })) });
      return reply.code(404).send({ error: 'not_found', message: t('error.notFound', { path }) });
    });
    for (const { resource } of Object.values(STORE_RESOURCES)) resourceApi(v1, resource, genericService(options.services.resources, resource.key));
  }, { prefix: '/api/v1' });
  // Beside /api/v1's routes, not among them: multipart bodies, their own error handler.
  await app.register(uploadRoutes, options);
  await app.register(mediaRoutes, options);
}
