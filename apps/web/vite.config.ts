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
  },
});
