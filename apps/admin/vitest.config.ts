import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Component tests of the back office's screens, in happy-dom with fetch faked per test. */
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test/setup.ts'],
  },
});
