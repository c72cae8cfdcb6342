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

/**
 * The start-up's three steps (src/main.tsx imports each in a task of its own): React, the libraries, then
 * the app. Each makes one chunk of the modules it loads statically (the app's minus the first two steps'):
 * left to itself the bundler splits the ones lazy pages share into a dozen small files, and over HTTP/1.1
 * each costs the first screen a round trip (rolldown issue #10731). The start-up imports antd-mobile
 * through src/antd-startup.ts, not its index, so the app's step stays the code it runs.
 */
const STEPS = [
  { name: 'react', entry: fileURLToPath(new URL('./src/start-react.ts', import.meta.url)) },
  { name: 'libraries', entry: fileURLToPath(new URL('./src/start-libraries.ts', import.meta.url)) },
  { name: 'app', entry: fileURLToPath(new URL('./src/start.tsx', import.meta.url)) },
] as const;
type StepName = (typeof STEPS)[number]['name'];
const PRELOAD_HELPER = '\0vite/preload-helper.js';
/** The chunks main.tsx imports: each step's file (named after its module). */
const STEP_FACADE = /(^|\/)start(-react|-libraries)?-[\w-]+\.js$/;

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
let stepsFor: { graph: ModuleGraph; stepOf: Map<string, StepName> } | undefined;

/** The start-up step each module statically loaded by one belongs to (the earliest that loads it), found once per chunking pass. */
function startupStep(graph: ModuleGraph, id: string): StepName | undefined {
  if (stepsFor?.graph !== graph) {
    const stepOf = new Map<string, StepName>();
    for (const step of STEPS) {
      const visit = (module: string) => {
        if (stepOf.has(module)) return;
        stepOf.set(module, step.name);
        graph.getModuleInfo(module)?.importedIds.forEach(visit);
      };
      visit(step.entry);
    }
    stepsFor = { graph, stepOf };
  }
  // Vite's helper for dynamic imports goes with the first step: the entry imports it, so the first step's
  // chunk is evaluated with the entry (left in a later step's, that step would be too, all in one task).
  if (id === PRELOAD_HELPER) return 'react';
  return stepsFor.stepOf.get(id);
}

/**
 * index.html preloads the start-up's chunks (main.tsx imports them dynamically, which Vite does not preload
 * from the page): each step's chunk, the small file naming what the step exports, and the app's stylesheets,
 * marked `data-app-style` like the rest (deferStyles), so all download while the boot screen shows.
 */
function preloadStartup(): Plugin {
  const entries = new Set<string>(STEPS.map((step) => step.entry));
  const names = new Set<string>(STEPS.map((step) => step.name));
  return {
    name: 'fairex-preload-startup',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => {
        const chunks = Object.values(context.bundle ?? {}).flatMap((file) => (file.type === 'chunk' && (names.has(file.name) || entries.has(file.facadeModuleId ?? '')) ? [file] : []));
        const links = [
          ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.fileName}">`),
          ...chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]).map((css) => `<link rel="preload" as="style" crossorigin href="/${css}" data-app-style>`),
        ].filter((link) => !html.includes(link.match(/href="([^"]+)"/)![1]!));
        return links.length === 0 ? html : html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}

/**
 * The user app. The API server serves the build at `/`; in development Vite proxies the API, uploaded
 * files and the realtime connection (long polling and the websocket upgrade) to it.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react(), deferStyles(), preloadStartup(), precompress()],
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
    // The start-up's steps are preloaded by index.html (preloadStartup): main.tsx's imports of them need no
    // preloading of their own (which appended the links again, in the steps' tasks).
    modulePreload: { resolveDependencies: (file, deps, { hostType }) => (hostType === 'js' && STEP_FACADE.test(file) ? [] : deps) },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: STEPS.map((step) => ({ name: (id: string, graph: ModuleGraph) => (startupStep(graph, id) === step.name ? step.name : null), debugName: step.name })) },
      },
    },
  },
});
