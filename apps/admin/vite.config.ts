import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../scripts/precompress.ts';

/** The back office is served by the API server under /admin; in development Vite proxies /api and /uploads to it. */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  server: {
    port: 5174,
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    // antd alone is most of the bundle; one chunk is fine for an operator tool on a desktop.
    chunkSizeWarningLimit: 2000,
  },
});
