import type { EnumValue } from '#common/enums/define-enum.ts';
import { styleName, type storeState } from '#common/enums/store.ts';
import type { StoreListFilter, StorePlanInput } from '#common/schemas/plan.ts';
import { expiryOf, type Expiry } from '#common/store-expiry.ts';
import { type DeleteStoreInput, type NewStore, type SlugAvailability, type StoreDesign, type StoreSectionInput, type StoreSectionName, StoreSlugSchema } from '#common/schemas/store.ts';
import { LOGO_SIZE } from '#common/upload-limits.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { AppError } from '#server/errors.ts';
import { STORE_SCRIPT_FIELDS } from '#common/activity-text.ts';
import { changedFields, emit, type FieldChanges } from '#server/events/events.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { defaultPlan, getPlan, listPlans, NEW_STORE_PLAN_DAYS } from '#server/modules/plan/plan.service.ts';
import { queueOwnedFiles, removeOwnedFiles } from '#server/modules/upload/file-removal.ts';
import { claimStoreUpload, deleteUpload, getOwnUpload, takeStoreFiles } from '#server/modules/upload/upload.service.ts';
import { confirmPassword } from '#server/modules/user/user.service.ts';
import { addOwner, type StoreScope } from '#server/tenancy/store-scope.ts';
import * as stores from './store.repository.ts';

/** Opens the owner's one store (PRODUCT §5); the slug is checked by `NewStoreSchema` and is unique. */
export async function createStore(deps: ServiceDeps, owner: { userId: number }, input: NewStore): Promise<number> {
  const refuse = async () => {
    if (await stores.findStoreByOwner(deps.db, owner)) return new AppError('store.alreadyHasStore', 409);
    if (await stores.slugTaken(deps.db, input.slug)) return new AppError('store.slugTaken', 409, { field: 'slug' });
    return undefined;
  };
  const early = await refuse();
  if (early) throw early;
  const now = deps.clock.now();
  const time = now.toISOString();
  // The default plan, running for its first period from today (the back office renews it).
  const plan = await defaultPlan(deps);
  const expiresAt = new Date(now.getTime() + NEW_STORE_PLAN_DAYS * 24 * 60 * 60 * 1000).toISOString();
  try {
    return await inTransaction(deps, async (tx) => {
      const storeId = await stores.insertStore(tx.db, {
        userId: owner.userId,
        slug: input.slug,
        name: input.name,
        section: input.section,
        description: input.description,
        published: 0,
        planId: plan.id,
        expiresAt,
        createdAt: time,
        updatedAt: time,
      });
      await addOwner(tx, { id: storeId, slug: input.slug }, owner.userId);
      return storeId;
    });
  } catch (error) {
    // Two requests racing for one owner or one slug: the unique indexes decide, we name the loser's reason.
    throw (await refuse()) ?? error;
  }
}

/** The store a scope points at, as its owner sees it. */
export async function getStore(deps: ServiceDeps, scope: StoreScope) {
  const store = await stores.findStoreById(deps.db, scope.storeId);
  if (!store) throw new AppError('error.generic', 404);
  return { ...store, published: store.published === 1 };
}

const FORM_ONLY_COLUMNS = [...stores.CONTACT_COLUMNS, ...stores.MARKETING_COLUMNS, ...stores.ANALYTICS_COLUMNS] as const;

/**
 * Writes `changes` to the store and emits `store.updated` with the before and after of the fields
 * that moved (issue 38 §3), in one transaction; `section` says which form or action. The actor is
 * the request's (a back-office action runs as its staff member: the caller's `runAs`).
 */
async function changeStore(deps: ServiceDeps, scope: StoreScope, section: string, changes: stores.StoreChanges) {
  await inTransaction(deps, async (tx) => {
    const fields = Object.keys(changes) as (keyof stores.StoreChanges & string)[];
    const row = await stores.findStoreById(tx.db, scope.storeId);
    if (!row) throw new AppError('error.generic', 404);
    // The forms' columns the store's summary row leaves out (contact, marketing, analytics).
    const more = fields.filter((field): field is (typeof FORM_ONLY_COLUMNS)[number] => (FORM_ONLY_COLUMNS as readonly string[]).includes(field));
    const before: Record<string, unknown> = { ...row, ...(more.length > 0 ? await stores.findStoreColumns(tx.db, scope, more) : {}) };
    await stores.updateStore(tx.db, scope, { ...changes, updatedAt: tx.clock.now().toISOString() });
    // A store's scripts go into no event, so into no log page and no webhook (issue 10 §6): their length stands in.
    const moved = Object.fromEntries(
      Object.entries(changedFields(before, changes as Record<string, unknown>, fields)).map(([field, values]) => [field, STORE_SCRIPT_FIELDS.has(field) ? values.map((value) => String(value ?? '').length) : values] as const),
    ) as FieldChanges;
    if (Object.keys(moved).length === 0) return;
    await emitStoreUpdated(tx, scope, { section, label: String(changes.name ?? before.name), changes: moved });
  });
}

/**
 * A store's settings changed, as its log and webhooks hear it (`store.updated`, decision 088): each
 * field's before and after, and which section of the settings (a form's, its domain's).
 */
export function emitStoreUpdated(tx: ServiceDeps, scope: StoreScope, { section, label, changes }: { section: string; label: string; changes: FieldChanges }) {
  const after = Object.fromEntries(Object.entries(changes).map(([field, [, value]]) => [field, value]));
  return emit(tx, { type: 'store.updated', storeId: scope.storeId, resource: { kind: 'store', id: scope.storeId, label }, data: { id: scope.storeId, slug: scope.slug, section, ...after }, changes });
}

/** The owner's publish toggle: a published store is shown to shoppers while it has not expired. */
export async function publishStore(deps: ServiceDeps, scope: StoreScope, published: boolean) {
  await changeStore(deps, scope, 'publish', { published: published ? 1 : 0 });
}

/** The plan's expiration is the platform's to set (PRODUCT §2): only a back-office scope may. */
export async function setStoreExpiry(deps: ServiceDeps, scope: StoreScope, expiresAt: Date | null) {
  if (scope.via !== 'staff') throw new AppError('error.generic', 404);
  await changeStore(deps, scope, 'plan', { expiresAt: expiresAt?.toISOString() ?? null });
}

// ---- Store deletion (issue 10 point 7, decision 029) ----

/**
 * Deletes the owner's store and everything it owns — settings, plan details, catalog, content,
 * sales records (every table of STORE_OWNED_TABLES, by cascade) and its files — after the owner
 * typed its slug and their password. One transaction for the rows and the job that removes the
 * files; they are removed at once after the commit, and one that fails is retried by the job
 * queue, never blocking the deletion.
 */
/**
 * The slug typed again and the owner's password, checked before the screen asks "delete for ever?"
 * (issue 20 §6): the last question comes only when the answer to it can go through.
 */
export async function checkStoreDeletion(deps: ServiceDeps, scope: StoreScope, input: DeleteStoreInput): Promise<void> {
  if (scope.via !== 'owner') throw new AppError('error.generic', 404);
  const store = await stores.findStoreById(deps.db, scope.storeId);
  if (!store) throw new AppError('error.generic', 404);
  if (input.slug.trim() !== store.slug) throw new AppError('store.delete.slugWrong', 400, { field: 'slug' });
  await confirmPassword(deps, { userId: store.userId }, input.password);
}

export async function deleteStore(deps: ServiceDeps, scope: StoreScope, input: DeleteStoreInput): Promise<void> {
  await checkStoreDeletion(deps, scope, input);
  const { files, queued } = await inTransaction(deps, async (tx) => {
    const files = { storeId: scope.storeId, storageKeys: await takeStoreFiles(tx, scope) };
    if (!(await stores.deleteStore(tx.db, scope))) throw new AppError('error.generic', 404);
    // Its receipts and kept RIDEs too, and queued with the commit: a crash right after it leaves a job, not orphans (issue 41 §1).
    return { files, queued: await queueOwnedFiles(tx, files) };
  });
  await removeOwnedFiles(deps, files, queued);
}

// ---- design (issue 10 §3): logo and style --------------------------------------------------------

/** Where the owner's browser reads an upload (the dashboard); the storefront serves logos itself (decision 030). */
const ownUploadUrl = (id: string) => `/api/v1/uploads/${encodeURIComponent(id)}`;

export type StoreLogo = { id: string; name: string; type: string; size: number; url: string };
export type StoreDesignView = { logo: StoreLogo | null; style: number; styleName: ReturnType<typeof styleName> };

/** The store's logo (for its owner: name, size, where to read it) and style; the store home shows it too. */
export async function getDesign(deps: ServiceDeps, scope: StoreScope): Promise<StoreDesignView> {
  const store = await stores.findStoreById(deps.db, scope.storeId);
  if (!store) throw new AppError('error.generic', 404);
  let logo: StoreLogo | null = null;
  if (store.logo) {
    const file = await getOwnUpload(deps, { userId: store.userId, uploadId: store.logo }).catch(() => null);
    if (file) logo = { ...file, url: ownUploadUrl(file.id) };
  }
  return { logo, style: store.style, styleName: styleName(store.style) };
}

/** Turns the upload service's refusals into the design form's `logo` field errors. */
function logoError(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === 'upload.notFound') return new AppError('upload.notFound', 400, { field: 'logo' });
  if (error.code === 'upload.fileType') return new AppError('upload.fileType', 400, { field: 'logo' });
  return error;
}

/**
 * Saves the logo and the style. A new logo must be an unclaimed upload of the store's owner (any
 * other id is a `logo` field error, never someone else's file); it is checked by content and
 * scaled down to fit 620×150, then claimed in the same transaction that points the store at it.
 * The logo it replaces (or that `logo: null` removes) is deleted with its file after the commit:
 * no orphan files.
 */
export async function updateDesign(deps: ServiceDeps, scope: StoreScope, input: StoreDesign): Promise<StoreDesignView> {
  const replaced = await inTransaction(deps, async (tx) => {
    const current = await stores.lockStoreDesign(tx.db, scope);
    if (!current) throw new AppError('error.generic', 404);
    if (input.logo && input.logo !== current.logo) {
      try {
        // Claimed as one of the store's files (decision 029), so deleting the store finds it.
        await claimStoreUpload(tx, scope, { userId: current.userId, uploadId: input.logo, box: LOGO_SIZE });
      } catch (error) {
        throw logoError(error);
      }
    }
    const now = deps.clock.now().toISOString();
    await changeStore(tx, scope, 'design', { logo: input.logo, style: input.style });
    await stores.updateStore(tx.db, scope, { styleChosenAt: now, updatedAt: now });
    return current.logo && current.logo !== input.logo ? { userId: current.userId, uploadId: current.logo } : null;
  });
  if (replaced) {
    await deleteUpload(deps, replaced).catch((error: unknown) => deps.log.warn({ err: error, uploadId: replaced.uploadId }, 'old store logo not removed'));
  }
  return getDesign(deps, scope);
}

// ── Back office (issue 10 §8): /admin/store and /api/v1/admin/stores. Staff read every store; only
// an admin sets a store's plan and expiration. ──

export type StoreActor = { role: string };

/** All stores, paged, for staff and admins (the routes let no client in). */
export async function listStoresForStaff(deps: ServiceDeps, query: StoreListFilter) {
  const page = await stores.listStoresForStaff(deps.db, query, deps.clock.now().toISOString());
  return { ...page, rows: page.rows.map((row) => ({ ...row, published: row.published === 1 })) };
}

/** One store with its owner and plan, through a back-office scope (staffStoreScope). */
export async function getStoreForStaff(deps: ServiceDeps, scope: StoreScope) {
  if (scope.via !== 'staff') throw new AppError('error.generic', 404);
  const row = await stores.findStoreForStaff(deps.db, scope);
  if (!row) throw new AppError('error.generic', 404);
  return { ...row, published: row.published === 1 };
}

/**
 * The admin moves a store to a plan and sets when its period ends (a renewal, a trial, a
 * correction). Staff may look but not change it: to them the operation does not exist (404). A new
 * expiration also gets its own reminders, 7 and 1 day before it (store-expiry-reminder.service.ts).
 */
export async function setStorePlan(deps: ServiceDeps, scope: StoreScope, actor: StoreActor, input: StorePlanInput) {
  if (actor.role !== 'admin' || scope.via !== 'staff') throw new AppError('error.generic', 404);
  const plan = await listPlans(deps).then((all) => all.find((item) => item.id === input.planId));
  if (!plan) throw new AppError('plan.unknown', 400, { field: 'planId' });
  await changeStore(deps, scope, 'plan', { planId: plan.id, expiresAt: input.expiresAt.toISOString() });
}

/** Stores whose plan ends in (after, until]: the expiry reminders' candidates. */
export const storesExpiringBetween = (deps: ServiceDeps, after: Date, until: Date) => stores.listStoresExpiringBetween(deps.db, after.toISOString(), until.toISOString());

// --- store pages (issue 10 §1–§6, §9, §11: "pages") --------------------------------------------

export { type Expiry, expiryOf } from '#common/store-expiry.ts';

/** Shown to shoppers (published), kept back by the owner (unpublished), or hidden by an expired plan. */
export function storeStateOf(published: boolean, expiry: Expiry): EnumValue<typeof storeState> {
  if (expiry.status === 'expired') return 'expired';
  return published ? 'published' : 'unpublished';
}

export type UsageKind = 'products' | 'banners' | 'pages';
/**
 * How much of its plan's limits a store uses, one count per kind, read here rather than through the
 * product, banner and page services: they ask this service for the limit before they create, so
 * asking them back would make an import cycle.
 */
const USAGE_TABLE = { products: 'product', banners: 'banner', pages: 'page' } as const satisfies Record<UsageKind, string>;
const USAGE_COUNTERS = Object.fromEntries(
  Object.entries(USAGE_TABLE).map(([kind, table]) => [kind, (deps: ServiceDeps, scope: StoreScope) => stores.countStoreRows(deps.db, scope, table)]),
) as Record<UsageKind, (deps: ServiceDeps, scope: StoreScope) => Promise<number>>;

const LIMIT_OF = { products: 'maxProducts', banners: 'maxBanners', pages: 'maxPages' } as const satisfies Record<UsageKind, string>;
const LIMIT_MESSAGE = { products: 'content.limit.products', banners: 'content.limit.banners', pages: 'content.limit.pages' } as const satisfies Record<UsageKind, MessageKey>;

/**
 * Refuses (409, with a message naming the limit) a new record of a kind the store's plan caps and
 * the store has reached; a store without a plan has no cap. The services call it before they create.
 */
export async function assertUnderPlanLimit(deps: ServiceDeps, scope: StoreScope, kind: UsageKind): Promise<void> {
  const { planId } = await getStore(deps, scope);
  if (!planId) return;
  const [plan, used] = await Promise.all([getPlan(deps, planId).catch(() => null), USAGE_COUNTERS[kind](deps, scope)]);
  if (plan && used >= plan[LIMIT_OF[kind]]) throw new AppError(LIMIT_MESSAGE[kind], 409, { vars: { limit: plan[LIMIT_OF[kind]] } });
}

export async function storeUsage(deps: ServiceDeps, scope: StoreScope): Promise<Record<UsageKind, number>> {
  const kinds = Object.keys(USAGE_COUNTERS) as UsageKind[];
  const counts = await Promise.all(kinds.map((kind) => USAGE_COUNTERS[kind](deps, scope)));
  return Object.fromEntries(kinds.map((kind, index) => [kind, counts[index]])) as Record<UsageKind, number>;
}

/** The store home (and `GET /api/v1/store`): the store, its plan with limits, usage, expiry and state. */
export async function getStoreHome(deps: ServiceDeps, scope: StoreScope) {
  const { userId: _owner, planId, ...store } = await getStore(deps, scope);
  const [plan, usage] = await Promise.all([planId ? getPlan(deps, planId).catch(() => null) : null, storeUsage(deps, scope)]);
  const expiry = expiryOf(store.expiresAt, deps.clock.now());
  const planSummary = plan && { id: plan.id, name: plan.name, nameEn: plan.nameEn, priceCents: plan.priceCents, maxProducts: plan.maxProducts, maxBanners: plan.maxBanners, maxPages: plan.maxPages, features: plan.features, featuresEn: plan.featuresEn };
  return { ...store, plan: planSummary, usage, expiry, state: storeStateOf(store.published, expiry) };
}

/** The desk's store card (one query), or null while the user has no store. */
export async function storeCard(deps: ServiceDeps, owner: { userId: number }) {
  const row = await stores.findStoreCardByOwner(deps.db, owner);
  if (!row) return null;
  const expiry = expiryOf(row.expiresAt, deps.clock.now());
  const published = row.published === 1;
  // The store's own steps of its set-up checklist (the desk adds the catalog's): the contact form
  // requires every field, so one left empty means it was never saved.
  const setup = { logo: row.logo !== null, style: row.styleChosenAt !== null, contact: stores.CONTACT_COLUMNS.every((column) => row[column].trim() !== ''), published };
  return { slug: row.slug, name: row.name, published, rating: Number(row.rating), planName: row.planName, planNameEn: row.planNameEn, expiry, state: storeStateOf(published, expiry), setup };
}

const SECTION_COLUMNS = {
  settings: stores.SETTINGS_COLUMNS,
  marketing: stores.MARKETING_COLUMNS,
  contact: stores.CONTACT_COLUMNS,
  analytics: stores.ANALYTICS_COLUMNS,
} as const satisfies Record<StoreSectionName, readonly string[]>;

/** A section's stored values as its form and the API show them: text, and `published` as a yes/no. */
export type StoreSectionValues<S extends StoreSectionName> = { [K in (typeof SECTION_COLUMNS)[S][number]]: K extends 'published' ? boolean : string };

/** One of the four store forms' values (settings, marketing, contact, analytics), of the scope's store. */
export async function getStoreSection<S extends StoreSectionName>(deps: ServiceDeps, scope: StoreScope, section: S): Promise<StoreSectionValues<S>> {
  const row: Record<string, unknown> | undefined = await stores.findStoreColumns(deps.db, scope, SECTION_COLUMNS[section]);
  if (!row) throw new AppError('error.generic', 404);
  return ('published' in row ? { ...row, published: row.published === 1 } : row) as StoreSectionValues<S>;
}

/**
 * Saves one store form, already checked with its section schema. Only that section's columns are
 * written — never the slug (permanent), owner or id, whatever else the input carried.
 */
export async function updateStoreSection<S extends StoreSectionName>(deps: ServiceDeps, scope: StoreScope, section: S, input: StoreSectionInput<S>) {
  const writable = SECTION_COLUMNS[section].filter((column) => column !== 'slug') as readonly string[];
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!writable.includes(key) || value === undefined) continue;
    changes[key] = key === 'published' ? (value ? 1 : 0) : value;
  }
  await changeStore(deps, scope, section, changes as stores.StoreChanges);
}

/** The new-store form's live check: the first rule the slug breaks (its message key), or taken, or free. */
export async function slugAvailability(deps: ServiceDeps, slug: string): Promise<SlugAvailability> {
  const parsed = StoreSlugSchema.safeParse(slug);
  if (!parsed.success) return { available: false, reason: parsed.error.issues[0]?.message ?? 'store.slugFormat' };
  if (await stores.slugTaken(deps.db, parsed.data)) return { available: false, reason: 'store.slugTaken' };
  return { available: true };
}

/**
 * Recomputes the store's rating from its approved reviews, in the caller's transaction: the review
 * service after each write, and the product and category services after a delete whose reviews the
 * foreign keys took. It is the store's figure, so it lives here, below all three.
 */
export const refreshRating = (deps: ServiceDeps, scope: StoreScope) => stores.refreshStoreRating(deps.db, scope);
