// seed §4 and §9: ask for the newest build every hour; once a newer build is announced, a chunk
// that fails to load means this page's files are gone, so reload — but never twice in 10 s.
export const BUILD_POLL_INTERVAL_MS = 3_600_000;
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const LAST_RELOAD_KEY = 'tiendabox:chunk-reload-at';

export type BuildWatcherDeps = {
  fetchLatestId: () => Promise<string | null>;
  reload: () => void;
  now: () => number;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
};

export function createBuildWatcher(ownId: string, deps: BuildWatcherDeps) {
  let announced = false;
  return {
    get newBuildAnnounced() {
      return announced;
    },
    async check() {
      try {
        const latest = await deps.fetchLatestId();
        if (latest && latest !== ownId) announced = true;
      } catch {
        // Offline or server restarting: try again at the next tick.
      }
      return announced;
    },
    /** Returns true when it reloaded the page. */
    onChunkError(): boolean {
      if (!announced) return false;
      const last = Number(deps.storage.getItem(LAST_RELOAD_KEY) ?? 0);
      const now = deps.now();
      if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
      deps.storage.setItem(LAST_RELOAD_KEY, String(now));
      deps.reload();
      return true;
    },
  };
}

const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch/i;

/** Wires the watcher to the browser; returns a cleanup for React's effect. */
export function startBuildWatcher(ownId: string): () => void {
  const watcher = createBuildWatcher(ownId, {
    fetchLatestId: async () => {
      const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
      if (!response.ok) return null;
      const body = (await response.json()) as { id?: unknown };
      return typeof body.id === 'string' ? body.id : null;
    },
    reload: () => window.location.reload(),
    now: () => Date.now(),
    storage: window.sessionStorage,
  });
  const timer = window.setInterval(() => void watcher.check(), BUILD_POLL_INTERVAL_MS);
  const onPreloadError = (event: Event) => {
    if (watcher.onChunkError()) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const message = String((event.reason as Error | undefined)?.message ?? event.reason);
    if (CHUNK_ERROR.test(message)) watcher.onChunkError();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('vite:preloadError', onPreloadError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
