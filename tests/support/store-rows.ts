import { randomUUID } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { STORE_MEMBERSHIP_TABLES, STORE_OWNED_TABLES } from '#server/db/store-guard.ts';
import * as colors from '#server/modules/color/color.service.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { acceptUpload, claimStoreUpload } from '#server/modules/upload/upload.service.ts';
import { tinyPng } from '#server/modules/upload/upload.fixtures.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

// A store filled with a row in every store-owned table, and the counts that prove a deletion
// took them all (decision 029). A table added to STORE_OWNED_TABLES without a filler here does
// not type-check: the store-deletion test then covers it too.

type StoreOwnedTable = (typeof STORE_OWNED_TABLES)[number] | (typeof STORE_MEMBERSHIP_TABLES)[number];

const FILLERS: { [T in StoreOwnedTable]: (deps: ServiceDeps, scope: StoreScope, ownerId: number) => Promise<unknown> } = {
  color: (deps, scope) => colors.create(deps, scope, { name: `Azul ${scope.storeId}`, hex: '#1F3A93', enabled: true }),
  store_upload: async (deps, scope, ownerId) => {
    const upload = await acceptUpload(deps, { userId: ownerId, name: 'logo.png', data: await tinyPng(62, 15), kinds: ['png'] });
    await claimStoreUpload(deps, scope, { userId: ownerId, uploadId: upload.id });
  },
  // Until each resource has its service (issue 11), its row goes in directly; a service call
  // replaces each line as the resource lands.
  brand: (deps, scope) => insertRow(deps, 'brand', { storeId: scope.storeId, name: 'Marca', slug: 'marca', enabled: 1, ...stamps(deps) }),
  category: (deps, scope) => insertRow(deps, 'category', { storeId: scope.storeId, name: 'Categoría', slug: 'categoria', enabled: 1, ...stamps(deps) }),
  subcategory: async (deps, scope) => insertRow(deps, 'subcategory', { storeId: scope.storeId, categoryId: await categoryOf(deps, scope), name: 'Sub', slug: 'sub', enabled: 1, ...stamps(deps) }),
  size: (deps, scope) => insertRow(deps, 'size', { storeId: scope.storeId, name: 'M', slug: 'm', sortOrder: 2, enabled: 1, ...stamps(deps) }),
  product: async (deps, scope) => insertRow(deps, 'product', { storeId: scope.storeId, categoryId: await categoryOf(deps, scope), name: 'Producto', slug: 'producto', unit: 'standard', type: 'piece', priceCents: 1000, ivaCode: '4', ...stamps(deps) }),
  product_image: async (deps, scope, ownerId) => {
    const upload = await acceptUpload(deps, { userId: ownerId, name: 'foto.png', data: await tinyPng(40, 40), kinds: ['png'] });
    await claimStoreUpload(deps, scope, { userId: ownerId, uploadId: upload.id });
    await insertRow(deps, 'productImage', { storeId: scope.storeId, productId: await productOf(deps, scope), uploadId: upload.id, position: 0 });
  },
  variant: async (deps, scope) => insertRow(deps, 'variant', { storeId: scope.storeId, productId: await productOf(deps, scope), name: 'Rojo M', priceCents: 1000, ...stamps(deps) }),
  coupon: (deps, scope) => insertRow(deps, 'coupon', { storeId: scope.storeId, code: 'HOLA10', discountType: 'percentage', discount: 1000, ...stamps(deps) }),
  review: async (deps, scope) => insertRow(deps, 'review', { storeId: scope.storeId, productId: await productOf(deps, scope), authorName: 'Ana', email: 'ana@example.com', rating: 5, ...stamps(deps) }),
  banner: (deps, scope) => insertRow(deps, 'banner', { storeId: scope.storeId, link: 'https://example.com', ...stamps(deps) }),
  page: (deps, scope) => insertRow(deps, 'page', { storeId: scope.storeId, title: 'Nosotros', slug: 'nosotros', ...stamps(deps) }),
  // Sales (issue 23): an order and its invoice reference the customer and the order without
  // cascading, so the deletion test proves the store's cascade still takes them together.
  store_sales: (deps, scope) => insertRow(deps, 'storeSales', { storeId: scope.storeId, freeShippingFromCents: null, ...stamps(deps) }),
  customer: (deps, scope) => insertRow(deps, 'customer', { storeId: scope.storeId, code: randomUUID(), userId: null, name: 'Ana', email: `ana${scope.storeId}@example.com`, documentType: 'passport', documentNumber: 'AB123', ...stamps(deps) }),
  store_order: async (deps, scope) => insertRow(deps, 'storeOrder', { storeId: scope.storeId, number: 1, code: randomUUID(), customerId: await rowOf(deps, 'customer', scope), locale: 'es', status: 'pending', paymentMethod: 'cash_on_delivery', couponId: null, subtotalCents: 1000, discountCents: 0, taxCents: 150, shippingCents: 0, totalCents: 1150, name: 'Ana', email: 'ana@example.com', phone: '', documentType: 'passport', documentNumber: 'AB123', address: 'Av. Amazonas', city: 'Quito', province: 'Pichincha', ...stamps(deps) }),
  store_order_line: async (deps, scope) => insertRow(deps, 'storeOrderLine', { storeId: scope.storeId, orderId: await rowOf(deps, 'storeOrder', scope), position: 0, productId: null, variantId: null, name: 'Producto', unitPriceCents: 1000, quantity: 1, discountCents: 0, baseCents: 1000, taxBp: 1500, ivaCode: '4', taxCents: 150 }),
  store_order_note: async (deps, scope) => insertRow(deps, 'storeOrderNote', { storeId: scope.storeId, orderId: await rowOf(deps, 'storeOrder', scope), body: 'Nota', userId: null, createdAt: deps.clock.now().toISOString() }),
  store_order_event: async (deps, scope) => insertRow(deps, 'storeOrderEvent', { storeId: scope.storeId, orderId: await rowOf(deps, 'storeOrder', scope), status: 'pending', userId: null, createdAt: deps.clock.now().toISOString() }),
  invoice: async (deps, scope) => insertRow(deps, 'invoice', { storeId: scope.storeId, orderId: await rowOf(deps, 'storeOrder', scope), establishment: '001', emissionPoint: '001', sequence: 1, number: '001-001-000000001', accessKey: String(scope.storeId).padStart(49, '0'), environment: 1, ruc: '1790011674001', businessName: 'Tienda', buyerName: 'Ana', buyerDocumentType: 'passport', buyerDocumentNumber: 'AB123', buyerEmail: 'ana@example.com', buyerAddress: 'Quito', subtotalCents: 1000, discountCents: 0, baseTaxedCents: 1000, baseZeroCents: 0, taxCents: 150, shippingCents: 0, totalCents: 1150, issuedAt: deps.clock.now().toISOString(), ...stamps(deps) }),
  invoice_sri_event: async (deps, scope) => insertRow(deps, 'invoiceSriEvent', { storeId: scope.storeId, invoiceId: (await deps.db.selectFrom('invoice').select('id').where('storeId', '=', scope.storeId).executeTakeFirstOrThrow()).id, status: 'signed', step: 'sign', createdAt: deps.clock.now().toISOString() }),
  // A credit note of the invoice (issue 37 §7), referencing it and the order without cascading.
  credit_note: async (deps, scope) => insertRow(deps, 'creditNote', { storeId: scope.storeId, invoiceId: (await deps.db.selectFrom('invoice').select('id').where('storeId', '=', scope.storeId).executeTakeFirstOrThrow()).id, orderId: await rowOf(deps, 'storeOrder', scope), establishment: '001', emissionPoint: '001', sequence: 1, number: '001-001-000000001', accessKey: String(scope.storeId).padStart(48, '0') + '4', environment: 1, reason: 'Devolución', restocked: 1, baseCents: 1000, taxCents: 150, totalCents: 1150, userId: null, issuedAt: deps.clock.now().toISOString(), ...stamps(deps) }),
  credit_note_line: async (deps, scope) => insertRow(deps, 'creditNoteLine', { storeId: scope.storeId, creditNoteId: (await deps.db.selectFrom('creditNote').select('id').where('storeId', '=', scope.storeId).executeTakeFirstOrThrow()).id, position: 1, orderLineId: null, code: 'ENVIO', name: 'Envío', quantity: 1, unitPriceCents: 1000, discountCents: 0, baseCents: 1000, ivaCode: '4', taxBp: 1500, taxCents: 150 }),
  credit_note_sri_event: async (deps, scope) => insertRow(deps, 'creditNoteSriEvent', { storeId: scope.storeId, creditNoteId: (await deps.db.selectFrom('creditNote').select('id').where('storeId', '=', scope.storeId).executeTakeFirstOrThrow()).id, status: 'signed', step: 'sign', createdAt: deps.clock.now().toISOString() }),
  // The signing certificate (issue 37 §5): stand-in sealed bytes, enough for the row to be counted and cascaded.
  store_certificate: (deps, scope) => insertRow(deps, 'storeCertificate', { storeId: scope.storeId, p12Sealed: new Uint8Array(40), passwordSealed: new Uint8Array(30), holder: 'ANA', issuer: 'Entidad', serial: '1', notBefore: deps.clock.now().toISOString(), notAfter: deps.clock.now().toISOString(), uploadedAt: deps.clock.now().toISOString() }),
  // Issue 38: a second member and an invitation (the owner's own row came with the store), and an event.
  store_member: async (deps, scope) => insertRow(deps, 'storeMember', { storeId: scope.storeId, userId: await clerkOf(deps), role: 'orders', createdAt: deps.clock.now().toISOString() }),
  store_invitation: (deps, scope, ownerId) => insertRow(deps, 'storeInvitation', { storeId: scope.storeId, email: 'nuevo@example.com', role: 'viewer', tokenHash: randomUUID().replaceAll('-', '').padEnd(64, '0'), invitedBy: ownerId, createdAt: deps.clock.now().toISOString(), expiresAt: deps.clock.now().toISOString(), usedAt: null }),
  store_event: (deps, scope) => insertRow(deps, 'storeEvent', { storeId: scope.storeId, type: 'store.updated', resourceKind: 'store', resourceId: scope.storeId, resourceLabel: 'Tienda', actorKind: 'system', actorUserId: null, actorTokenId: null, actorName: '', data: '{}', changes: '{}', createdAt: deps.clock.now().toISOString() }),
  // Issue 38 §5: an endpoint (stand-in sealed secret), a delivery to it and one attempt.
  webhook_endpoint: (deps, scope) => insertRow(deps, 'webhookEndpoint', { storeId: scope.storeId, url: 'https://erp.example.com/hooks', eventTypes: '["order.created"]', secretSealed: new Uint8Array(60), enabled: 1, disabledReason: null, failingSince: null, ...stamps(deps) }),
  webhook_delivery: async (deps, scope) => insertRow(deps, 'webhookDelivery', { storeId: scope.storeId, endpointId: (await deps.db.selectFrom('webhookEndpoint').select('id').where('storeId', '=', scope.storeId).executeTakeFirstOrThrow()).id, eventId: 1, eventType: 'order.created', resourceKey: 'order:1', body: '{}', manual: 0, state: 'delivered', attempts: 1, nextAttemptAt: deps.clock.now().toISOString(), leaseUntil: null, lastStatus: 200, lastAttemptAt: deps.clock.now().toISOString(), ...stamps(deps) }),
  webhook_attempt: async (deps, scope) => insertRow(deps, 'webhookAttempt', { storeId: scope.storeId, deliveryId: (await deps.db.selectFrom('webhookDelivery').select('id').where('storeId', '=', scope.storeId).executeTakeFirstOrThrow()).id, attemptedAt: deps.clock.now().toISOString(), durationMs: 12, status: 200, responseSnippet: 'ok', error: null }),
  store_payment_gateway: async (deps, scope) => insertRow(deps, 'storePaymentGateway', { storeId: scope.storeId, gateway: 'payphone', enabled: 0, environment: 'sandbox', credentialsSealed: null, expiryMinutes: 60, ...stamps(deps) }),
  payment: async (deps, scope) => insertRow(deps, 'payment', { storeId: scope.storeId, orderId: await rowOf(deps, 'storeOrder', scope), method: 'cash_on_delivery', amountCents: 1150, currency: 'USD', state: 'pending', clientTransactionId: `t-${randomUUID()}`, providerPaymentId: null, expiresAt: null, confirmedBy: null, confirmedAt: null, ...stamps(deps) }),
  payment_receipt: async (deps, scope) => insertRow(deps, 'paymentReceipt', { storeId: scope.storeId, orderId: await rowOf(deps, 'storeOrder', scope), paymentId: await rowOf(deps, 'payment', scope), storageKey: `receipts/${scope.storeId}/r.png`, contentType: 'image/png', byteSize: 100, state: 'submitted', decidedBy: null, decidedAt: null, createdAt: deps.clock.now().toISOString() }),
  payment_refund: async (deps, scope) => insertRow(deps, 'paymentRefund', { storeId: scope.storeId, orderId: await rowOf(deps, 'storeOrder', scope), paymentId: await rowOf(deps, 'payment', scope), amountCents: 100, reason: 'Devolución', lines: '[]', restocked: 0, kind: 'manual', providerRefundId: null, creditNoteId: null, userId: null, createdAt: deps.clock.now().toISOString() }),
  // Issue 40 §6: the reminder's switch and a shopper's captured cart.
  abandoned_cart_setting: (deps, scope) => insertRow(deps, 'abandonedCartSetting', { storeId: scope.storeId, enabled: 1, ...stamps(deps) }),
  abandoned_cart: (deps, scope) => insertRow(deps, 'abandonedCart', { storeId: scope.storeId, email: 'ana@example.com', locale: 'es', lines: '[[1,0,1]]', tokenHash: null, remindedAt: null, recoveredAt: null, orderId: null, ...stamps(deps) }),
  // Issue 40 §2: a shipment of the order and one of its lines.
  order_shipment: async (deps, scope) => insertRow(deps, 'orderShipment', { storeId: scope.storeId, orderId: await rowOf(deps, 'storeOrder', scope), carrier: 'servientrega', trackingNumber: '1234567890', trackingUrl: 'https://www.servientrega.com.ec/Tracking/?guia=1234567890&tipo=GUIA', userId: null, createdAt: deps.clock.now().toISOString() }),
  order_shipment_line: async (deps, scope) => insertRow(deps, 'orderShipmentLine', { storeId: scope.storeId, shipmentId: (await deps.db.selectFrom('orderShipment').select('id').where('storeId', '=', scope.storeId).executeTakeFirstOrThrow()).id, orderLineId: (await deps.db.selectFrom('storeOrderLine').select('id').where('storeId', '=', scope.storeId).executeTakeFirstOrThrow()).id, quantity: 1 }),
  shipping_zone: async (deps, scope) => insertRow(deps, 'shippingZone', { storeId: scope.storeId, name: 'Galápagos', places: '[{"province":"W","cantons":[]}]', ...stamps(deps) }),
  shipping_rate: async (deps, scope) => insertRow(deps, 'shippingRate', { storeId: scope.storeId, zoneId: await rowOf(deps, 'shippingZone', scope), name: 'Servientrega', kind: 'flat', brackets: '[{"upTo":null,"priceCents":1500}]', daysMin: 3, daysMax: 8, freeFromCents: null, ...stamps(deps) }),
  shipping_pickup: async (deps, scope) => insertRow(deps, 'shippingPickup', { storeId: scope.storeId, enabled: 1, address: 'Av. Amazonas 123', instructions: '', ...stamps(deps) }),
  // the database's triggers write a product's words as it goes in: a product is the filler
  product_word: (deps, scope) => productOf(deps, scope),
  store_domain: (deps, scope) => insertRow(deps, 'storeDomain', { storeId: scope.storeId, host: `www.tienda-${scope.storeId}.example`, verifyToken: 'token', verifiedAt: null, createdAt: deps.clock.now().toISOString() }),
};

/** A user to be a store's second member. */
async function clerkOf(deps: ServiceDeps): Promise<number> {
  const email = `clerk-${randomUUID()}@example.com`;
  const time = deps.clock.now().toISOString();
  const row = await deps.db
    .insertInto('user')
    .values({ email, passwordHash: 'x', name: 'Clerk', lastname: 'Test', documentType: 'passport', documentNumber: randomUUID().slice(0, 12), phone: '', address: '', country: 'EC', state: '', city: '', zip: '', role: 'client', enabled: 1, lockerCode: null, locale: 'es', emailNotifications: '[]', createdAt: time, updatedAt: time })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const stamps = (deps: ServiceDeps) => ({ createdAt: deps.clock.now().toISOString(), updatedAt: deps.clock.now().toISOString() });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test filler writing any store-owned table
const insertRow = (deps: ServiceDeps, table: keyof Database, values: Record<string, unknown>) => deps.db.insertInto(table).values(values as any).execute();
const categoryOf = async (deps: ServiceDeps, scope: StoreScope) => (await deps.db.selectFrom('category').select('id').where('storeId', '=', scope.storeId).executeTakeFirstOrThrow()).id;
const rowOf = async (deps: ServiceDeps, table: 'customer' | 'storeOrder' | 'payment' | 'shippingZone', scope: StoreScope) => (await deps.db.selectFrom(table).select('id').where('storeId', '=', scope.storeId).executeTakeFirstOrThrow()).id;
const productOf = async (deps: ServiceDeps, scope: StoreScope) => (await deps.db.selectFrom('product').select('id').where('storeId', '=', scope.storeId).executeTakeFirstOrThrow()).id;

/** A row in every store-owned table for the store (a file among them). */
export async function fillStore(deps: ServiceDeps, scope: StoreScope, ownerId: number): Promise<void> {
  for (const table of [...STORE_OWNED_TABLES, ...STORE_MEMBERSHIP_TABLES]) await FILLERS[table](deps, scope, ownerId);
}

const count = async (db: Db, query: RawBuilder<unknown>) => Number(((await query.execute(db)).rows[0] as { n?: number | string } | undefined)?.n ?? 0);

/** Rows per store-owned table, the store's row, its owner's uploads, and its files present on disk. */
export async function storeFootprint(deps: ServiceDeps, { storeId, ownerId }: { storeId: number; ownerId: number }) {
  const rows: Record<string, number> = {};
  // Raw SQL on purpose (column names come back camelCased): a test that counts every table by name (the guard does not read raw SQL).
  for (const table of [...STORE_OWNED_TABLES, ...STORE_MEMBERSHIP_TABLES]) rows[table] = await count(deps.db, sql`select count(*) as n from ${sql.table(table)} where store_id = ${storeId}`);
  rows.store = await count(deps.db, sql`select count(*) as n from store where id = ${storeId}`);
  rows.upload = await count(deps.db, sql`select count(*) as n from upload where user_id = ${ownerId}`);
  const keys = (await sql<{ key: string }>`select storage_key as key from upload where user_id = ${ownerId}`.execute(deps.db)).rows.map((row) => row.key);
  let files = 0;
  for (const key of keys) if (await deps.storage.read(key)) files += 1;
  return { rows, files, keys };
}

/** Whether each store-owned table's `store_id` references `store.id` with `on delete cascade`. */
export async function storeForeignKeys(db: Db, dialect: 'sqlite' | 'postgres'): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of [...STORE_OWNED_TABLES, ...STORE_MEMBERSHIP_TABLES]) {
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ table: string; from: string; to: string; onDelete: string }>`select * from pragma_foreign_key_list(${table})`.execute(db);
      const fk = rows.find((row) => row.from === 'store_id');
      result[table] = fk ? `${fk.table}.${fk.to} on delete ${fk.onDelete.toLowerCase()}` : 'none';
    } else {
      const { rows } = await sql<{ ref: string; col: string; rule: string }>`
        select c.confrelid::regclass::text as ref, ra.attname as col, c.confdeltype as rule
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = any (c.confkey)
        where c.contype = 'f' and c.conrelid = ${table}::regclass and a.attname = 'store_id'`.execute(db);
      const fk = rows[0];
      result[table] = fk ? `${fk.ref.replace(/^.*\./, '')}.${fk.col} on delete ${fk.rule === 'c' ? 'cascade' : fk.rule}` : 'none';
    }
  }
  return result;
}
