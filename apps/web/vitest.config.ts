import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

// Files that replace a module (vi.mock) need a module registry of their own: found by reading the test
// files, so a new one is isolated without a list to keep; so does the realtime connection's own test,
// which drives the module's connection state from its start. Every other
// file shares one per worker (not isolated), which saves importing React, antd-mobile and the catalogues
// again for each file: about half the run. Shared module state a screen keeps must therefore live in what
// test/setup.ts resets before each test (the store, localStorage, sessionStorage, drafts).
const isolated = (fs.readdirSync(path.join(import.meta.dirname, 'src'), { recursive: true }) as string[])
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.join('src', file))
  .filter((file) => file === path.join('src', 'realtime', 'socket.test.ts') || /\bvi\.(mock|doMock)\(/.test(fs.readFileSync(path.join(import.meta.dirname, file), 'utf8')));

const shared: ViteUserConfig['test'] = {
  environment: 'happy-dom',
  setupFiles: ['src/test/setup.ts'],
  // findBy* waits up to 5 s (test/setup.ts); a test gets room for a few such waits on a busy machine.
  testTimeout: 15_000,
  // One more try for a test that fails by timing on a loaded machine (a real failure fails twice). The one
  // seen, a toast closing before the test looked, is fixed in test/setup.ts (toasts stay open in tests).
  retry: 1,
};

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      { extends: true, test: { ...shared, name: 'shared', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], exclude: isolated, isolate: false } },
      { extends: true, test: { ...shared, name: 'isolated', include: isolated } },
    ],
  },
});
