import type { Generated } from 'kysely';

// `kind` and `params` are kept as text: a kind retired from the code must still read back.
export interface NotificationTable {
  id: Generated<number>;
  userId: number;
  kind: string;
  params: string;
  link: string;
  readAt: string | null;
  createdAt: string;
}
