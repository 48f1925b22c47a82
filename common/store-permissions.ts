// Who may do what in a store (issue 38 §1, decision 088): the one permission matrix. The server
// decides every dashboard request and API call with `roleCan`; the dashboard's menu hides what a role
// cannot open with the same function. docs/permissions.md shows this table to people.

export const STORE_ROLES = ['owner', 'administrator', 'catalogue', 'orders', 'viewer'] as const;
export type StoreRole = (typeof STORE_ROLES)[number];
/** The roles an invitation can give: there is always exactly one owner, made only by a handover. */
export const INVITABLE_ROLES = ['administrator', 'catalogue', 'orders', 'viewer'] as const satisfies readonly StoreRole[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/**
 * What a store's screens and API are grouped into. A route belongs to exactly one area
 * (`server/tenancy/route-areas.ts`); reading it needs `read`, changing it `write`.
 */
export const STORE_AREAS = [
  /** The store's home and its figures. */
  'desk',
  /** Products, variants, taxonomy, the CSV import and export, coupons. */
  'catalogue',
  /** The storefront's content: pages, banners, reviews. */
  'content',
  /** Orders, customers, invoices and credit notes. */
  'orders',
  /** The store's settings, design, marketing, contact, analytics, payments, sales and SRI settings. */
  'settings',
  /** The audit log. */
  'activity',
  /** Webhook endpoints and their deliveries. */
  'webhooks',
  /** Members and invitations. */
  'staff',
  /** The plan and its renewal. */
  'plan',
  /** Deleting the store. */
  'delete',
] as const;
export type StoreArea = (typeof STORE_AREAS)[number];
export type Access = 'none' | 'read' | 'write';

const ALL_WRITE = { desk: 'write', catalogue: 'write', content: 'write', orders: 'write', settings: 'write', activity: 'read', webhooks: 'write', staff: 'write', plan: 'write', delete: 'write' } as const;

/** The matrix: each role's access to each area. */
export const PERMISSIONS: Readonly<Record<StoreRole, Readonly<Record<StoreArea, Access>>>> = {
  owner: ALL_WRITE,
  // Everything but the plan, deleting the store and managing staff (it sees who the members are).
  administrator: { ...ALL_WRITE, staff: 'read', plan: 'none', delete: 'none' },
  catalogue: { desk: 'read', catalogue: 'write', content: 'write', orders: 'none', settings: 'none', activity: 'none', webhooks: 'none', staff: 'none', plan: 'none', delete: 'none' },
  orders: { desk: 'read', catalogue: 'none', content: 'none', orders: 'write', settings: 'none', activity: 'none', webhooks: 'none', staff: 'none', plan: 'none', delete: 'none' },
  // Read-only: everything a member works with, nothing about people, integrations or the log.
  viewer: { desk: 'read', catalogue: 'read', content: 'read', orders: 'read', settings: 'read', activity: 'none', webhooks: 'none', staff: 'none', plan: 'none', delete: 'none' },
};

/** An action: an area and whether it reads or writes. */
export type StoreAction = { area: StoreArea; write: boolean };

/** Whether `role` may take `action`. */
export function roleCan(role: StoreRole, action: StoreAction): boolean {
  const access = PERMISSIONS[role][action.area];
  return access === 'write' || (access === 'read' && !action.write);
}

/** What the store screens' boundary shows for a role that does not reach a screen (403)… */
export const FORBIDDEN = 'tenancy.forbidden';
/** … and for a session whose store no longer has them (403). */
export const NOT_MEMBER = 'tenancy.notMember';

export const isStoreRole = (value: unknown): value is StoreRole => typeof value === 'string' && (STORE_ROLES as readonly string[]).includes(value);
