import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test/setup.ts'],
    // findBy* waits up to 5 s (test/setup.ts); a test gets room for a few such waits on a busy machine.
    testTimeout: 15_000,
    // One more try for a test that fails by timing on a loaded machine (a real failure fails twice). The one
    // seen, a toast closing before the test looked, is fixed in test/setup.ts (toasts stay open in tests).
    retry: 1,
  },
});
