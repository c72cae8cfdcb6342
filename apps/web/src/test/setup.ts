import { act, cleanup, configure } from '@testing-library/react';
import { Toast } from '../feedback-widgets.ts';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { loadFeedback } from '../notify.ts';
import { installAntdRender } from '../setup-antd.ts';
import { setNavigator } from '../navigation.ts';
import { reloadState } from '../store/store.ts';

// A screen's first render loads its page module lazily: on a busy machine that can take over the library's
// default second, so findBy* waits up to five (a missing element still fails, just later).
configure({ asyncUtilTimeout: 5_000 });

// As at start-up: antd-mobile's Toast and Dialog render through React 19's createRoot.
installAntdRender();

// Loaded before the tests, so a toast or dialog shows in the task that asks for it (in the app the
// first one waits for their file).
beforeAll(async () => {
  await loadFeedback();
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  reloadState();
});

afterEach(() => {
  // antd-mobile remembers its open toast; closing it makes the next test's toast a fresh one.
  act(() => Toast.clear());
  cleanup();
  setNavigator(null);
  document.body.innerHTML = '';
});

// An antd-mobile toast or dialog unmounts its root a task after it closes, and React then flushes that
// work in a task of its own: both must run before the file's DOM is torn down, or React meets a missing
// `window` ("window is not defined", an unhandled error that fails the run).
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
});
