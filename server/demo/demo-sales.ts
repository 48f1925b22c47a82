import type { Locale } from '#common/locale.ts';
import type { OrderStatus } from '#server/modules/sales/order/order.service.ts';
import { placeOrder } from '#server/modules/sales/checkout/checkout.service.ts';
import { couponSeal } from '#server/modules/coupon/coupon.service.ts';
import { changeOrderStatus } from '#server/modules/sales/order/order.service.ts';
import { saveStoreSales } from '#server/modules/sales/store-sales/store-sales.service.ts';
import { shipOrder } from '#server/modules/sales/shipment/shipment.service.ts';
import { seedDemoShipping } from './demo-shipping.ts';
import { type Actor, runAs } from '#server/tenancy/actor.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import type { DemoGoods } from './demo-catalog.ts';

// The demo store's sales (issue 23 §13): its payment, shipping and tax settings, and a month of
// orders placed by its customers through the real checkout (`placeOrder`) and moved on by the
// owner through the real order service, so stock, coupon uses, customers, numbers and timelines
// are what a month of selling leaves. Each order is placed on a clock set to its own moment in
// the last 30 days (both services stamp with `deps.clock`), oldest first, so numbers follow dates.
// They are history, placed and moved with `history`: no confirmation or status e-mail goes to the
// made-up shoppers (a fresh `npm start` wrote some 90 files to data/mail) and no bell rings for
// them; an order a person places on the demo store afterwards mails and notifies as any other.
// A seeded generator: the same demo every time.

/** María Andrade's own RUC: her cédula and establishment 001 (a natural person's RUC). */
export const DEMO_RUC = '1710034065001';

/** A small seeded generator (mulberry32): the demo's "random" picks, the same on every load. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (below: number) => Math.floor(next() * below), pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

/** A valid cédula from a province code and seven digits: the third below 6, then the check digit. */
export function demoCedula(province: string, digits: string): string {
  const nine = `${province}${Number(digits[0]) % 6}${digits.slice(1, 7)}`;
  let sum = 0;
  for (let i = 0; i < 9; i += 1) {
    let product = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
    if (product > 9) product -= 9;
    sum += product;
  }
  return `${nine}${(10 - (sum % 10)) % 10}`;
}

const PEOPLE: [name: string, city: string, province: string, code: string][] = [
  ['Lucía Morales', 'Quito', 'Pichincha', '17'],
  ['Andrés Castillo', 'Guayaquil', 'Guayas', '09'],
  ['Valentina Torres', 'Cuenca', 'Azuay', '01'],
  ['Diego Herrera', 'Quito', 'Pichincha', '17'],
  ['Camila Vásquez', 'Ibarra', 'Imbabura', '10'],
  ['Mateo Guerrero', 'Manta', 'Manabí', '13'],
  ['Sofía Ramírez', 'Loja', 'Loja', '11'],
  ['Javier Paredes', 'Ambato', 'Tungurahua', '18'],
  ['Isabella Cevallos', 'Quito', 'Pichincha', '17'],
  ['Sebastián Ortiz', 'Guayaquil', 'Guayas', '09'],
  ['Gabriela Salazar', 'Cuenca', 'Azuay', '01'],
  ['Nicolás Benítez', 'Riobamba', 'Chimborazo', '06'],
  ['Emily Parker', 'Quito', 'Pichincha', '17'],
  ['Martina Jaramillo', 'Otavalo', 'Imbabura', '10'],
  ['Daniel Mora', 'Portoviejo', 'Manabí', '13'],
  ['Paula Andrade', 'Latacunga', 'Cotopaxi', '05'],
];

const STREETS = ['Av. 10 de Agosto N24-55', 'Calle Bolívar 3-45', 'Av. 9 de Octubre 1204', 'Calle Larga 7-12', 'Av. Amazonas N36-120', 'Calle Sucre 15-30'];
const NOTES = ['', '', '', 'Entregar en la tarde, por favor.', 'Es un regalo: sin factura dentro del paquete.', 'Llamar antes de llegar.'];

/** The way an order moves on, and how long after its placing each step comes. */
const STEPS: [OrderStatus, number][] = [['paid', 3], ['shipped', 26], ['delivered', 74]];
const HOUR = 3_600_000;
/** The carriers the demo store ships with. */
const DEMO_CARRIERS = ['servientrega', 'laar', 'urbano'] as const;

/** The demo store's settings: both ways to pay, $3.50 shipping, free from $60 (its shipping page says so). */
async function seedSettings(deps: ServiceDeps, scope: StoreScope) {
  await saveStoreSales(deps, scope, {
    cashOnDelivery: true,
    bankTransfer: true,
    bankName: 'Banco Pichincha',
    bankAccountType: 'savings',
    bankAccountNumber: '2201234567',
    bankAccountHolder: 'María Andrade',
    shippingFeeCents: 350,
    freeShippingFromCents: 6000,
    ruc: DEMO_RUC,
    businessName: 'María Andrade',
    // What her invoices say of her (issue 37 §4): a person, not obliged to keep accounts, under RIMPE.
    headOfficeAddress: 'Av. Amazonas N24-03 y Colón, Quito',
    establishmentAddress: 'Av. Amazonas N24-03 y Colón, Quito',
    accountingObligated: 'no',
    rimpe: 'emprendedor',
    establishment: '001',
    emissionPoint: '001',
    // Shipping at the general rate, as a shop of goods at 15 % invoices it.
    shippingIvaCode: '4',
  });
}

/** The order moments: 1 to 5 a day over the last 30 days, in Quito's shopping hours, oldest first, none after now. */
function orderMoments(now: Date, random: ReturnType<typeof seeded>): Date[] {
  const moments: Date[] = [];
  const ecuadorToday = new Date(now.getTime() - 5 * HOUR);
  const todayStart = Date.UTC(ecuadorToday.getUTCFullYear(), ecuadorToday.getUTCMonth(), ecuadorToday.getUTCDate()) + 5 * HOUR;
  for (let back = 29; back >= 0; back -= 1) {
    const count = 1 + random.int(5);
    for (let index = 0; index < count; index += 1) {
      const at = todayStart - back * 24 * HOUR + (8 + random.next() * 14) * HOUR;
      moments.push(new Date(Math.min(at, now.getTime() - (index + 1) * 7 * 60_000)));
    }
  }
  return moments.sort((a, b) => a.getTime() - b.getTime());
}

/**
 * Places the month's orders and moves them on. Returns how many were placed. A pick the stock no
 * longer covers is picked again, as a shopper would choose something else.
 */
async function seedOrders(deps: ServiceDeps, scope: StoreScope, ownerId: number, goods: DemoGoods, movers: readonly Actor[], shippingOption: string): Promise<number> {
  const random = seeded(2311);
  const customers = PEOPLE.map(([name, city, province, code], index) => ({
    name,
    email: `${name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, '.')}@example.com`,
    phone: `+593 9${String(81234567 + index * 7919).slice(0, 8)}`,
    documentType: 'cedula' as const,
    documentNumber: demoCedula(code, String(3141592 + index * 104_729).padStart(7, '0')),
    address: STREETS[index % STREETS.length]!,
    city,
    province,
    // Each shopper's city is its canton's seat, and ships with the mainland's rate.
    canton: city,
    shippingOption,
  }));
  const now = deps.clock.now();
  let placed = 0;
  for (const at of orderMoments(now, random)) {
    const clock = { now: () => new Date(at) };
    const customer = random.pick(customers);
    const locale: Locale = customer.name === 'Emily Parker' ? 'en' : 'es';
    const paymentMethod = random.next() < 0.6 ? ('cash_on_delivery' as const) : ('bank_transfer' as const);
    const coupon = random.next() < 0.15 ? random.pick(['BIENVENIDA10', 'ENVIO5']) : '';
    let order: { id: number } | null = null;
    for (let attempt = 0; attempt < 4 && !order; attempt += 1) {
      const lines = Array.from({ length: 1 + (random.next() < 0.45 ? 1 + random.int(2) : 0) }, () => {
        const item = random.pick(goods);
        return { productId: item.productId, variantId: item.variantIds.length > 0 ? random.pick(item.variantIds) : null, quantity: random.next() < 0.8 ? 1 : 2 };
      });
      const unique = lines.filter((line, index) => lines.findIndex((other) => other.productId === line.productId && other.variantId === line.variantId) === index);
      // A coupon whose minimum the cart does not reach is left out, as the shopper would.
      for (const code of attempt === 0 && coupon ? [coupon, ''] : ['']) {
        // Placed by a shopper, as the storefront places them: the activity log says so.
        const result = await runAs({ kind: 'shopper' }, () => placeOrder({ ...deps, clock }, scope, {
          // Sealed as the cart's coupon form seals a code it applied (decision 081).
          cart: { lines: unique, coupon: code, ...(code ? { couponSeal: couponSeal(deps, scope.storeId, code) } : {}), flash: null },
          customer: { ...customer, notes: random.pick(NOTES), paymentMethod },
          locale,
        }, { history: true }));
        if (result.ok) {
          order = result.order;
          break;
        }
      }
    }
    if (!order) continue;
    placed += 1;
    // Most orders go all the way as time allows; a few are cancelled, a few wait on the owner.
    const fate = random.next();
    const owner = { userId: ownerId };
    // Moved on by the store's people in turn (the owner, the clerk): the activity log's "who".
    const mover = movers[placed % Math.max(1, movers.length)];
    const asMover = <T>(work: () => Promise<T>) => (mover ? runAs(mover, work) : work());
    if (fate < 0.07) {
      const cancelAt = new Date(Math.min(at.getTime() + 5 * HOUR, now.getTime() - 60_000));
      await asMover(() => changeOrderStatus({ ...deps, clock: { now: () => cancelAt } }, scope, owner, order.id, { status: 'cancelled', note: 'El cliente pidió cancelar.' }, { history: true }));
      continue;
    }
    if (fate < 0.1) continue;
    for (const [status, hours] of STEPS) {
      const stepAt = at.getTime() + hours * HOUR;
      if (stepAt >= now.getTime()) break;
      const stepDeps = { ...deps, clock: { now: () => new Date(stepAt) } };
      // Shipped with a carrier and its tracking number (issue 40 §2), the carrier by the order's id: the seeded picks stay as they were.
      await asMover(async () => {
        if (status === 'shipped') await shipOrder(stepDeps, scope, order.id, { carrier: DEMO_CARRIERS[order.id % DEMO_CARRIERS.length]!, trackingNumber: `EC${String(order.id * 7919).padStart(9, '0')}` }, owner, { history: true });
        else await changeOrderStatus(stepDeps, scope, owner, order.id, { status, note: '' }, { history: true });
      });
    }
  }
  return placed;
}

/**
 * The demo store's sales settings and its month of orders, in one transaction: the services join
 * it (`inTransaction`), so some 300 placings and changes cost one commit, not one each (a second
 * of fsyncs on SQLite, more on PostgreSQL). Without savepoints a refused placing must not have
 * written yet: it never has here, where nothing races the demo — a cart the stock no longer covers
 * or a coupon below its minimum is refused by the pricing, before the first write.
 */
export async function seedDemoSales(deps: ServiceDeps, scope: StoreScope, ownerId: number, goods: DemoGoods, movers: readonly Actor[] = []): Promise<number> {
  return inTransaction(deps, async (tx) => {
    // Set by the owner (the first of `movers`), as she would on the settings screen.
    const settings = async () => {
      await seedSettings(tx, scope);
      return seedDemoShipping(tx, scope);
    };
    const shippingOption = await (movers[0] ? runAs(movers[0], settings) : settings());
    return seedOrders(tx, scope, ownerId, goods, movers, shippingOption);
  });
}
