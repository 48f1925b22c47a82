import { mkdirSync, writeFileSync } from 'node:fs';
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

// One id per build: baked into the client (so a page knows which build it runs) and written to
// build/build-info.json (so the server can announce the newest build at /builds/latest.json).
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const buildTimestamp = Date.now();

function buildInfo(): Plugin {
  return {
    name: 'tiendabox-build-info',
    apply: 'build',
    writeBundle() {
      if (this.environment.name !== 'client') return;
      mkdirSync('build', { recursive: true });
      writeFileSync('build/build-info.json', JSON.stringify({ id: buildId, timestamp: buildTimestamp }));
    },
  };
}

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: { assetsInlineLimit: 0 },
  plugins: [
    reactRouter(),
    fastifyReactRouterDev({ entry: './server/dev-server.ts', externalizeServerEntryImports: ['#app-context'] }),
    buildInfo(),
  ],
});
