import type { Generated } from 'kysely';

// The durable job queue (decision 024).
export type JobState = 'queued' | 'running' | 'done' | 'failed';
export interface JobTable {
  id: Generated<number>;
  kind: string;
  /** JSON of the kind's payload. */
  payload: string;
  key: string | null;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  lockedUntil: string | null;
  lockedBy: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}
