import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// antd's tables and modals render in several passes; on a busy machine findBy* waits up to five seconds
// (a missing element still fails, just later).
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});
