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

// Only errors about loading our own modules: any other failed fetch is not a stale build.
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|error loading dynamically imported/i;

/**
 * Once a newer build is announced, a click on an internal link loads the whole document from the
 * server instead of fetching the old build's route chunk (which may be gone). React Router would
 * otherwise reload the current page by itself on a failed route chunk (docs/decisions/017).
 */
function fullPageNavigations(): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    event.stopPropagation();
    window.location.assign(url.href);
  };
  window.addEventListener('click', onClick, true);
  return () => window.removeEventListener('click', onClick, true);
}

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
  let stopFullPage: (() => void) | undefined;
  const timer = window.setInterval(async () => {
    if ((await watcher.check()) && !stopFullPage) stopFullPage = fullPageNavigations();
  }, BUILD_POLL_INTERVAL_MS);
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
    stopFullPage?.();
    window.removeEventListener('vite:preloadError', onPreloadError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
