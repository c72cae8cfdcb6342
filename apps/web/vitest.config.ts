import react from '@vitejs/plugin-react';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

// Files that replace a module (vi.mock) or the realtime connection need a module registry of their own;
// every other file shares one per worker (not isolated), which saves importing React, antd-mobile and the
// catalogues again for each file: about half the run. Shared module state a screen keeps must therefore live
// in what test/setup.ts resets before each test (the store, localStorage, sessionStorage).
const isolated = [
  'src/realtime/socket.test.ts',
  'src/components/market/kline-chart.test.tsx',
  'src/pages/transaction/contract.test.tsx',
  'src/pages/transaction/seconds_order.test.tsx',
  'src/pages/transaction/currency.test.tsx',
  'src/pages/transaction/index.test.tsx',
  'src/components/preload-feedback.test.tsx',
];

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
