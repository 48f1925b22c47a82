import { couponResource } from '#common/resources/coupon.ts';
import type { OfferedIvaCode } from '#common/iva.ts';
import { productResource, variantResource } from '#common/resources/product.ts';
import { categoryResource } from '#common/resources/taxonomy.ts';
import type { Locale } from '#common/locale.ts';
import { placeOrder } from '#server/modules/sales/checkout/checkout.service.ts';
import type { CheckoutInput } from '#server/modules/sales/checkout/checkout-form.ts';
import * as coupons from '#server/modules/coupon/coupon.service.ts';
import * as products from '#server/modules/product/product.service.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import * as categories from '#server/modules/taxonomy/category.service.ts';
import * as variants from '#server/modules/variant/variant.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { type Factory, makeStore, type TestStore } from './factories.ts';

// Orders for the tests of the sales modules (orders, customers, invoices): a store with a catalogue,
// and orders placed through checkout's own `placeOrder` — the one way an order is written, so what
// these tests read is what shoppers make.

export type SalesStore = TestStore & { scope: StoreScope };

/** A store (and its owner) with its scope, for service calls. */
export async function makeSalesStore(t: Factory, options: Parameters<typeof makeStore>[1] = {}): Promise<SalesStore> {
  const store = await makeStore(t, options);
  const scope = await ownStoreScope(t.deps, { userId: store.owner.id });
  if (!scope) throw new Error('the store was not made');
  return { ...store, scope };
}

const categoryOf = new WeakMap<object, number>();
let counter = 0;

/** A product of the store with its price (dollars, as the form types them), stock, and optionally its SKU, discount (percent) and IVA (SRI's code, 15 % unless said). */
export async function addProduct(deps: ServiceDeps, scope: StoreScope, options: { name?: string; price?: number; stock?: number; ivaCode?: OfferedIvaCode; sku?: string; discount?: number } = {}): Promise<number> {
  let categoryId = categoryOf.get(scope);
  if (categoryId === undefined) {
    categoryId = await categories.create(deps, scope, categoryResource.input.parse({ name: `Categoría ${++counter}`, enabled: true }));
    categoryOf.set(scope, categoryId);
  }
  const input = productResource.input.parse({ name: options.name ?? `Producto ${++counter}`, categoryId, price: options.price ?? 10, stock: options.stock ?? 10, ivaCode: options.ivaCode ?? '4', sku: options.sku ?? '', discount: options.discount ?? 0, enabled: true });
  return products.create(deps, scope, input);
}

/** A variant of a product, with its own stock (the product's becomes the sum of its variants') and, if it differs, its own IVA. */
export async function addVariant(deps: ServiceDeps, scope: StoreScope, productId: number, options: { name?: string; price?: number; stock?: number; ivaCode?: OfferedIvaCode } = {}): Promise<number> {
  return variants.create(deps, scope, variantResource.input.parse({ productId, name: options.name ?? `Variante ${++counter}`, price: options.price ?? 10, stock: options.stock ?? 5, ivaCode: options.ivaCode ?? null, enabled: true }));
}

/** A coupon of the store: a percentage off, with an optional usage limit. */
export async function addCoupon(deps: ServiceDeps, scope: StoreScope, options: { code?: string; percent?: number; usageLimit?: number | null } = {}): Promise<{ id: number; code: string }> {
  const code = options.code ?? `CUPON${++counter}`;
  const id = await coupons.create(deps, scope, couponResource.input.parse({ code, discountType: 'percentage', discount: options.percent ?? 10, minimum: 0, expiresOn: '', usageLimit: options.usageLimit ?? '', enabled: true }));
  return { id, code };
}

/** A buyer who passes the checkout's rules (a valid cédula). */
export function buyer(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    name: 'Ana Torres',
    email: `ana${++counter}@example.com`,
    phone: '0991234567',
    documentType: 'cedula',
    documentNumber: '1710034065',
    address: 'Av. Amazonas N34-120',
    city: 'Quito',
    province: 'Pichincha',
    canton: 'Quito',
    shippingOption: '',
    notes: '',
    paymentMethod: 'cash_on_delivery',
    ...overrides,
  };
}

export type TestLine = { productId: number; variantId?: number | null; quantity: number };

/** Places an order through checkout's `placeOrder`; a refusal fails the test that asked for it. */
export async function placeTestOrder(deps: ServiceDeps, scope: StoreScope, options: { lines: TestLine[]; coupon?: string; customer?: Partial<CheckoutInput>; locale?: Locale }) {
  const result = await placeOrder(deps, scope, {
    // A coupon comes sealed, as the cart's coupon form leaves it (decision 081).
    cart: { lines: options.lines.map((line) => ({ productId: line.productId, variantId: line.variantId ?? null, quantity: line.quantity })), coupon: options.coupon ?? '', ...(options.coupon ? { couponSeal: coupons.couponSeal(deps, scope.storeId, options.coupon) } : {}), flash: null },
    customer: buyer(options.customer),
    locale: options.locale ?? 'es',
  });
  if (!result.ok) throw new Error(`the test order was refused: ${JSON.stringify(result)}`);
  return result.order;
}
