import type { Role } from '#server/db/schema.ts';

/** Who a request acts for, as the session resolves it: what pages and API routes may read. */
export type SessionUser = {
  id: number;
  email: string;
  name: string;
  role: Role;
};
