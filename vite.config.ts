import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

// One id per build: baked into the client (so a page knows which build it runs) and written to
// build/build-info.json (so the server can announce the newest build at /builds/latest.json).
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const buildTimestamp = Date.now();

// The browser loads one language's messages (common/i18n/load-catalog.ts), in two parts (base and
// dashboard), each a chunk of its own; their URLs go into build-info.json so that a page can
// preload the ones it needs.
const CATALOGS = {
  es: '/common/i18n/es.ts',
  en: '/common/i18n/en.ts',
  'es-dashboard': '/common/i18n/es-dashboard.ts',
  'en-dashboard': '/common/i18n/en-dashboard.ts',
} as const;

// Each kit resource's screens (app/resources/<key>.tsx, decision 043) are a chunk loaded by that
// resource's pages only; build-info.json names it, with the chunks it imports that the kit's route
// modules do not already bring, so that its pages can preload them too.
const SCREENS = /\/app\/resources\/([a-z-]+)\.tsx$/;
// (the route's main chunk: React Router splits a route's client middleware into one of its own)
const KIT_ROUTES = /\/app\/routes\/resource\/[a-z]+\.tsx\?__react-router-build-client-route$/;

// Mantine's core, hooks and notifications (on every dashboard page) and what they bring; its dates,
// charts, dropzone and rich text stay with the screens that use them.
const MANTINE = /node_modules[\\/](@mantine[\\/](core|hooks|notifications)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|tabbable|react-number-format|react-textarea-autosize|get-nonce|detect-node-es|tslib|clsx)[\\/]/;
// Modules that must stay chunks of their own: each language's messages (loaded by language), the
// route modules, each kit resource's screens, the root and the browser's entry.
const OWN_CHUNKS = /node_modules|[\\/]common[\\/]i18n[\\/](es|en)(-dashboard)?\.ts$|[\\/]app[\\/]routes[\\/]|[\\/]app[\\/]resources[\\/][a-z-]+\.tsx$|[\\/]app[\\/](root|entry\.client)\.tsx$/;

const ZOD = /node_modules[\\/]zod[\\/]/;
const COMMON_ZOD = /[\\/]common[\\/]zod\.ts$/;
const APP_SHARED = (id: string) => /[\\/](app|common)[\\/]/.test(id) && !OWN_CHUNKS.test(id);
// The pages a visitor sees before logging in, and what every page has (the root, the browser's
// entry, the error and maintenance pages).
const SHELL_ENTRIES = /[\\/]app[\\/](root|entry\.client)\.tsx$|[\\/]app[\\/]routes[\\/](user[\\/][a-z-]+|terms|maintenance|error|not-found)\.tsx$|[\\/]app[\\/]layouts[\\/](page|user)\.tsx$/;

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[]; importedIds: readonly string[]; code: string | null } | null };

// A package's index re-exports each of its modules; through it, every module of the package has
// every importer of the package as an importer. Such an edge counts only when the importer asks
// the index for a name that comes from that module.
const BARREL = /node_modules[\\/](@mantine[\\/](?:core|hooks|notifications))[\\/]esm[\\/]index\.mjs$/;

/** Whether a module is imported, statically and through any chain of modules, by one of the shell's pages. */
function shellModules() {
  const known = new Map<string, boolean>();
  const barrelNames = new Map<string, Map<string, string[]>>(); // barrel → module → its names
  const importedNames = new Map<string, Set<string> | 'all'>(); // `${importer}\n${package}` → names
  const namesFrom = (barrel: string, graph: ModuleGraph) => {
    let names = barrelNames.get(barrel);
    if (!names) {
      names = new Map();
      for (const [, list = '', from = ''] of (graph.getModuleInfo(barrel)?.code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
        names.set(path.resolve(path.dirname(barrel), from), list.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]!.trim()).filter(Boolean));
      }
      barrelNames.set(barrel, names);
    }
    return names;
  };
  const asks = (importer: string, pkg: string, names: string[], graph: ModuleGraph) => {
    const key = `${importer}\n${pkg}`;
    let asked = importedNames.get(key);
    if (!asked) {
      const code = graph.getModuleInfo(importer)?.code ?? '';
      const quoted = pkg.replace('/', '\\/');
      asked = new RegExp(`import\\s*\\*\\s*as\\s+\\w+\\s*from\\s*["']${quoted}["']`).test(code) ? 'all' : new Set();
      if (asked !== 'all') {
        for (const [, list = ''] of code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${quoted}["']`, 'g'))) {
          for (const name of list.split(',')) asked.add(name.trim().split(/\s+as\s+/)[0]!.trim());
        }
      }
      importedNames.set(key, asked);
    }
    return asked === 'all' || names.some((name) => asked.has(name));
  };
  return (id: string, graph: ModuleGraph): boolean => {
    let found = known.get(id);
    if (found !== undefined) return found;
    const seen = new Set([id]);
    const queue = [id];
    found = false;
    const visit = (next: string) => {
      if (seen.has(next)) return;
      seen.add(next);
      queue.push(next);
    };
    while (queue.length > 0 && !found) {
      const current = queue.pop()!;
      if (SHELL_ENTRIES.test(current) || known.get(current) === true) {
        found = true;
        break;
      }
      for (const importer of graph.getModuleInfo(current)?.importers ?? []) {
        const barrel = BARREL.exec(importer);
        if (!barrel) {
          visit(importer);
          continue;
        }
        const names = namesFrom(importer, graph).get(current) ?? [];
        const pkg = barrel[1]!.replace('\\', '/');
        for (const asker of graph.getModuleInfo(importer)?.importers ?? []) if (asks(asker, pkg, names, graph)) visit(asker);
      }
    }
    known.set(id, found);
    return found;
  };
}
const inShell = shellModules();

/** Whether a module loads zod, itself or through any chain of static imports. */
function zodLoaders() {
  const known = new Map<string, boolean>();
  const loads = (id: string, graph: ModuleGraph, chain: Set<string>): boolean => {
    const found = known.get(id);
    if (found !== undefined) return found;
    if (ZOD.test(id) || COMMON_ZOD.test(id)) return true;
    if (chain.has(id)) return false;
    chain.add(id);
    const result = (graph.getModuleInfo(id)?.importedIds ?? []).some((imported) => loads(imported, graph, chain));
    chain.delete(id);
    known.set(id, result);
    return result;
  };
  return (id: string, graph: ModuleGraph) => loads(id, graph, new Set());
}
const loadsZod = zodLoaders();

function buildInfo(): Plugin {
  const catalogs: Record<string, string> = {};
  const screens: Record<string, string[]> = {};
  return {
    name: 'tiendabox-build-info',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const imported = (fileName: string, seen = new Set<string>()): Set<string> => {
        const chunk = bundle[fileName];
        if (seen.has(fileName) || chunk?.type !== 'chunk') return seen;
        seen.add(fileName);
        for (const next of chunk.imports) imported(next, seen);
        return seen;
      };
      const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
      // What every kit route module brings (React Router preloads it on each of their pages).
      const kitRoutes = chunks.filter((chunk) => KIT_ROUTES.test(chunk.facadeModuleId ?? '')).map((chunk) => imported(chunk.fileName));
      const everyKitRoute = (fileName: string) => kitRoutes.length > 0 && kitRoutes.every((files) => files.has(fileName));
      for (const chunk of chunks) {
        if (!chunk.facadeModuleId) continue;
        for (const [locale, source] of Object.entries(CATALOGS)) {
          if (chunk.facadeModuleId.endsWith(source)) catalogs[locale] = `/${chunk.fileName}`;
        }
        const key = chunk.isDynamicEntry ? SCREENS.exec(chunk.facadeModuleId)?.[1] : undefined;
        if (key) screens[key] = [...imported(chunk.fileName)].filter((fileName) => fileName === chunk.fileName || !everyKitRoute(fileName)).map((fileName) => `/${fileName}`);
      }
      for (const locale of Object.keys(CATALOGS)) {
        if (!catalogs[locale]) this.error(`no chunk of its own for the ${locale} messages: is ${CATALOGS[locale as keyof typeof CATALOGS]} imported statically in the browser?`);
      }
      if (Object.keys(screens).length === 0) this.error('no chunk of its own for any kit resource\'s screens: are app/resources/<key>.tsx imported statically in the browser?');
    },
    writeBundle() {
      if (this.environment.name !== 'client') return;
      mkdirSync('build', { recursive: true });
      writeFileSync('build/build-info.json', JSON.stringify({ id: buildId, timestamp: buildTimestamp, catalogs, screens }));
    },
  };
}

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // The browser's modules in a few files instead of one per Mantine component and shared
            // helper (a product list page asked for 114 files, 91 of them under 2 kB; now 15): on a
            // phone's network each file costs a round trip and its headers (decision 072). What
            // every dashboard page needs is one file per library and one for the app's shared code;
            // route modules, kit screens (decision 043) and message catalogs stay chunks of their own.
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/, priority: 30 },
                // What the login page and the other public pages need of Mantine and the app's
                // shared modules, apart: they load this file, not the dashboard's. Nothing that
                // loads zod: the register and reset forms' schemas would bring it to the login page.
                { name: (id, graph) => (inShell(id, graph) && !loadsZod(id, graph) ? 'shell' : null), test: (id: string) => MANTINE.test(id) || APP_SHARED(id), priority: 25 },
                { name: 'mantine', test: MANTINE, priority: 20 },
                { name: 'zod', test: ZOD, priority: 10 },
                { name: 'app', test: APP_SHARED, minShareCount: 2, priority: 5 },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    reactRouter(),
    // External like #app-context: services bound in the server throw AppError, and the pages'
    // `instanceof AppError` must see that same class, not a bundled copy.
    fastifyReactRouterDev({ entry: './server/dev-server.ts', externalizeServerEntryImports: ['#app-context', '#server/errors.ts'] }),
    buildInfo(),
  ],
});
