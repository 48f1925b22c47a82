import { mkdirSync, writeFileSync } from 'node:fs';
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
                { name: 'mantine', test: MANTINE, priority: 20 },
                { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 10 },
                { name: 'app', test: (id: string) => /[\\/](app|common)[\\/]/.test(id) && !OWN_CHUNKS.test(id), minShareCount: 2, priority: 5 },
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
