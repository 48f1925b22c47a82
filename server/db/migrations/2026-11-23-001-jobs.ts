import type { Kysely } from 'kysely';
import { idColumn, timestampType } from './column-types.ts';

// Frozen: a landed migration is never edited; later changes come as new files.
// The durable job queue (decision 024): one row per job, claimed by one worker at a time.
export async function up(db: Kysely<any>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('job')
    .addColumn('id', ...idColumn(db))
    .addColumn('kind', 'varchar(60)', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    // Unique when given, so a job that several processes may enqueue (a scheduled reminder) exists
    // once; both dialects allow any number of NULLs in a unique column.
    .addColumn('key', 'varchar(200)', (col) => col.unique())
    .addColumn('state', 'varchar(10)', (col) => col.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('run_at', ts, (col) => col.notNull())
    .addColumn('locked_until', ts)
    .addColumn('locked_by', 'varchar(100)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, (col) => col.notNull())
    .addColumn('updated_at', ts, (col) => col.notNull())
    .execute();
  // The claim looks for due queued jobs and for running jobs whose lock ran out.
  await db.schema.createIndex('job_state_run_at').on('job').columns(['state', 'run_at']).execute();
  await db.schema.createIndex('job_state_locked_until').on('job').columns(['state', 'locked_until']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job').execute();
}
