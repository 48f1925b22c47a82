// `npm run cluster`: Tiendabox as it runs past one machine (issue 41, decision 099): a fresh
// PostgreSQL database, an S3-protocol server, three app processes that share nothing but those two
// (and one storefront process, decision 104), and Caddy in front with the repository's own Caddyfile. Prints the address; Ctrl-C stops it all.
// The cluster test and bench/cluster.ts start the same thing through `startCluster`.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, X509Certificate, createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { S3_TEST_CREDENTIALS, startS3Server } from '../tests/support/s3-server.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

export type ClusterOptions = {
  /** How many app processes (3). */
  processes?: number;
  /**
   * How many storefront processes (APP_ROLE=storefront, decision 104; none by default): with some,
   * Caddy sends the storefront's requests to them and to the app processes alike, and nothing else to them.
   */
  storefronts?: number;
  /** The first of the ports: the app processes, then the S3 server, Caddy's HTTP, HTTPS, ask. */
  appPort?: number;
  s3Port?: number;
  caddyPort?: number;
  /** The PostgreSQL server the fresh database is made on (DATABASE_URL / TEST_POSTGRES_URL). */
  serverUrl?: string;
  /** More environment for every app process (SMTP_URL, TEST_WORK_FACTORS, …). */
  env?: Record<string, string>;
  /** More environment for Caddy (CADDY_LOG_LEVEL, …). */
  caddyEnv?: Record<string, string>;
  /** Print what the processes print (for `npm run cluster`). */
  echo?: boolean;
};

export type AppProcess = {
  index: number;
  role: 'all' | 'storefront';
  port: number;
  url: string;
  output: string[];
  child: ChildProcess;
  /** Starts it again (after it stopped or was killed), once its /healthz answers 200. */
  start: () => Promise<void>;
  /** SIGTERM, and waits for it to exit. */
  stop: () => Promise<void>;
  /** kill -9. */
  kill: () => void;
};

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** Waits until `check` holds, or throws naming what it waited for. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** /healthz answers 200 (not yet listening, or refused: false). */
const healthy = (url: string) => fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).then((response) => response.status === 200, () => false);

/** Processes as a Caddy placeholder lists them: `127.0.0.1:3600 127.0.0.1:3601`. */
const upstreams = (apps: readonly AppProcess[]) => apps.map((app) => `127.0.0.1:${app.port}`).join(' ');

/** The server's address with another database name. */
function onDatabase(serverUrl: string, database: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The SHA-256 of a certificate's public key (its SPKI), base64: what Chromium's SPKI list takes. */
export function spkiHash(pem: string) {
  const der = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

export async function startCluster(options: ClusterOptions = {}) {
  const count = options.processes ?? 3;
  const storefrontCount = options.storefronts ?? 0;
  const appPort = options.appPort ?? 3600;
  const s3Port = options.s3Port ?? 9110;
  const caddyPort = options.caddyPort ?? 8480;
  const [httpPort, httpsPort, askPort] = [caddyPort, caddyPort + 1, caddyPort + 2];
  const serverUrl = options.serverUrl ?? process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL ?? DEFAULT_SERVER;
  if (!/^postgres(ql)?:\/\//.test(serverUrl)) throw new Error(`the cluster runs on PostgreSQL: ${serverUrl} is not a postgres:// address`);
  const runDir = mkdtempSync(path.join(tmpdir(), 'tiendabox-cluster-'));
  const stops: (() => Promise<unknown> | void)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => {});
    stops.length = 0;
    rmSync(runDir, { recursive: true, force: true });
  };

  try {
    // A database of its own, dropped at the end.
    const database = `tiendabox_cluster_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: onDatabase(serverUrl, 'postgres') });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    stops.push(async () => {
      const client = new pg.Client({ connectionString: onDatabase(serverUrl, 'postgres') });
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    });
    const databaseUrl = onDatabase(serverUrl, database);

    const s3 = await startS3Server({ port: s3Port, dir: path.join(runDir, 's3') });
    stops.push(() => s3.stop());

    const publicUrl = `http://127.0.0.1:${httpPort}`;
    // One secret for all: a cookie signed by one process is read by the others.
    const secret = randomBytes(32).toString('hex');
    const processes: AppProcess[] = [];
    const storefronts: AppProcess[] = [];
    for (let index = 0; index < count + storefrontCount; index++) {
      const port = appPort + index;
      const role = index < count ? 'all' : 'storefront';
      const app: AppProcess = {
        index,
        role,
        port,
        url: `http://127.0.0.1:${port}`,
        output: [],
        child: undefined as unknown as ChildProcess,
        async start() {
          const child = spawn(path.join(ROOT, 'node_modules/.bin/node'), ['server/main.ts'], {
            cwd: ROOT,
            env: {
              PATH: process.env.PATH,
              NODE_ENV: 'production',
              // one Node process each, as if each were on a machine of its own
              WEB_CONCURRENCY: '1',
              HOST: '127.0.0.1',
              PORT: String(port),
              PUBLIC_URL: publicUrl,
              APP_SECRET: secret,
              // a disk of its own: nothing shared but the database and the bucket
              DATA_DIR: path.join(runDir, `app-${index}`),
              DATABASE_URL: databaseUrl,
              STORAGE_URL: s3.storageUrl,
              ...S3_TEST_CREDENTIALS,
              // Caddy on this host is the one proxy in front (decision 079)
              TRUST_PROXY: '1',
              LOG_LEVEL: 'warn',
              SHUTDOWN_GRACE_MS: '5000',
              APP_ROLE: role,
              ...options.env,
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          app.child = child;
          const keep = (chunk: Buffer) => {
            app.output.push(chunk.toString());
            if (options.echo) process.stderr.write(`[app ${index}] ${chunk.toString()}`);
          };
          child.stdout!.on('data', keep);
          child.stderr!.on('data', keep);
          await waitFor(async () => {
            if (child.exitCode !== null) throw new Error(`app ${index} exited with ${child.exitCode}\n${app.output.join('')}`);
            return healthy(app.url);
          }, 60_000, `app ${index} on ${port} to answer /healthz`).catch((error: Error) => {
            throw new Error(`${error.message}\n${app.output.join('')}`);
          });
        },
        async stop() {
          const child = app.child;
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        },
        kill() {
          if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
        },
      };
      (role === 'all' ? processes : storefronts).push(app);
      stops.push(() => {
        app.kill();
      });
    }
    // The first alone applies the migrations; the others then start together.
    await processes[0]!.start();
    await Promise.all([...processes.slice(1), ...storefronts].map((app) => app.start()));

    // Caddy, with the repository's Caddyfile and the variables it reads.
    const caddyStorage = path.join(runDir, 'caddy');
    const caddyOutput: string[] = [];
    const caddy = spawn('caddy', ['run', '--config', path.join(ROOT, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH,
        HOME: runDir,
        XDG_DATA_HOME: path.join(runDir, 'xdg-data'),
        XDG_CONFIG_HOME: path.join(runDir, 'xdg-config'),
        APP_UPSTREAMS: upstreams(processes),
        // The storefront's pool: every process, the storefront ones too (decision 104).
        SHOP_UPSTREAMS: upstreams([...processes, ...storefronts]),
        PLATFORM_SITE: publicUrl,
        TLS_ISSUER: 'internal',
        CADDY_ADMIN: 'off',
        CADDY_BIND: '127.0.0.1',
        CADDY_STORAGE: caddyStorage,
        HTTP_PORT: String(httpPort),
        HTTPS_PORT: String(httpsPort),
        ASK_PORT: String(askPort),
        ...options.caddyEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keepCaddy = (chunk: Buffer) => {
      caddyOutput.push(chunk.toString());
      if (options.echo) process.stderr.write(`[caddy] ${chunk.toString()}`);
    };
    caddy.stdout!.on('data', keepCaddy);
    caddy.stderr!.on('data', keepCaddy);
    stops.push(async () => {
      if (caddy.exitCode !== null) return;
      const exited = new Promise((resolve) => caddy.once('exit', resolve));
      caddy.kill('SIGTERM');
      await exited;
    });
    await waitFor(async () => {
      if (caddy.exitCode !== null) throw new Error(`caddy exited with ${caddy.exitCode}\n${caddyOutput.join('')}`);
      return healthy(publicUrl);
    }, 30_000, 'Caddy to answer').catch((error: Error) => {
      throw new Error(`${error.message}\n${caddyOutput.join('')}`);
    });

    /** Caddy's internal CA (made when Caddy starts): its root and intermediate certificates. */
    const internalCa = () => {
      const dir = path.join(caddyStorage, 'pki/authorities/local');
      return { root: readFileSync(path.join(dir, 'root.crt'), 'utf8'), intermediate: readFileSync(path.join(dir, 'intermediate.crt'), 'utf8') };
    };

    return { url: publicUrl, httpsPort, databaseUrl, s3, processes, storefronts, caddy, caddyOutput, internalCa, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

// `npm run cluster`
if (import.meta.main) {
  const cluster = await startCluster({ storefronts: 1, echo: process.argv.includes('--verbose') });
  console.log(`Tiendabox on ${cluster.processes.length} processes and ${cluster.storefronts.length} storefront process behind Caddy: ${cluster.url}`);
  console.log(`  processes: ${cluster.processes.map((app) => app.url).join(', ')}`);
  console.log(`  storefront: ${cluster.storefronts.map((app) => app.url).join(', ')}`);
  console.log(`  database:  ${cluster.databaseUrl}`);
  console.log(`  storage:   ${cluster.s3.storageUrl}`);
  console.log(`  store domains: https://<host>:${cluster.httpsPort}/ (Caddy's internal CA)`);
  console.log('Ctrl-C stops everything.');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping…');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
