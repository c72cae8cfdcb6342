import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../scripts/precompress.ts';

const SERVER = 'http://127.0.0.1:3000';

/**
 * The app's stylesheets as preloads marked `data-app-style`, applied by src/app-styles.ts before the
 * first render: as stylesheets they held the first paint (the boot screen) until all had arrived.
 */
function deferStyles(): Plugin {
  return {
    name: 'fairex-defer-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, '<link rel="preload" as="style" crossorigin href="$1" data-app-style>'),
    },
  };
}

/** The app's start-up module. */
const START = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
let startupFor: { graph: ModuleGraph; modules: Set<string> } | undefined;

/**
 * The modules the start-up loads statically (itself included), found once per chunking pass. They make
 * one chunk: left to itself the bundler splits the ones lazy pages share into a dozen small files, and
 * over HTTP/1.1 each costs the first screen a round trip (rolldown issue #10731). The start-up imports
 * antd-mobile through src/antd-startup.ts, not its index, so this stays the code it runs.
 */
function startupModules(graph: ModuleGraph): Set<string> {
  if (startupFor?.graph !== graph) {
    const modules = new Set<string>();
    const visit = (id: string) => {
      if (modules.has(id)) return;
      modules.add(id);
      graph.getModuleInfo(id)?.importedIds.forEach(visit);
    };
    visit(START);
    startupFor = { graph, modules };
  }
  return startupFor.modules;
}

/**
 * The user app. The API server serves the build at `/`; in development Vite proxies the API, uploaded
 * files and the realtime connection (long polling and the websocket upgrade) to it.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react(), deferStyles(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': SERVER,
      '/uploads': SERVER,
      '/socket.io': { target: SERVER, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: (id, graph) => (startupModules(graph).has(id) ? 'app' : null), debugName: 'startup' }] },
      },
    },
  },
});
