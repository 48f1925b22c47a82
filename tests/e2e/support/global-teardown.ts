import { rmSync } from 'node:fs';

// The servers' SQLite files and data directories live in a temporary directory per run.
// (PostgreSQL schemas are left as they are: the next run drops and recreates them.)
export default function globalTeardown() {
  const runDir = process.env.TIENDABOX_E2E_RUN_DIR;
  if (runDir) rmSync(runDir, { recursive: true, force: true });
}
