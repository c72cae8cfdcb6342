import { act, cleanup, configure } from '@testing-library/react';
import { Dialog, Toast } from '../feedback-widgets.ts';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { loadPageStrings } from '../i18n/index.ts';
import { loadFeedback } from '../notify.ts';
import { installAntdRender } from '../setup-antd.ts';
import { setNavigator } from '../navigation.ts';
import { reloadState } from '../store/store.ts';
import { clearDrafts } from '../store/drafts.ts';

// A screen's first render loads its page module lazily: on a busy machine that can take over the library's
// default second, so findBy* waits up to five (a missing element still fails, just later).
configure({ asyncUtilTimeout: 5_000 });

// As at start-up: antd-mobile's Toast and Dialog render through React 19's createRoot.
const unmountAntdRoots = installAntdRender();

// A toast stays until the test ends: at its 1.5 s it could close before a loaded machine's test (or React's
// render of its root) got to it, which failed a findBy now and then.
const showToast = Toast.show;
Toast.show = (props) => showToast(typeof props === 'string' ? { content: props, duration: 0 } : { ...props, duration: 0 });

// A page rendered on its own has all its strings (in the app lazy pages wait for en-pages.ts with their
// file); loaded before the test file is, so a file's clock (a `NOW` it reads on import) starts after it.
await loadPageStrings();

// Loaded before the tests, so a toast or dialog shows in the task that asks for it (in the app the
// first one waits for their file).
beforeAll(async () => {
  await loadFeedback();
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearDrafts();
  reloadState();
});

afterEach(() => {
  // antd-mobile remembers its open toast and dialogs; closing them makes the next test's a fresh one. Their
  // roots are then unmounted at once, not after their closing animation: a root still animating when the
  // file's DOM is torn down has React meet a missing `window` ("window is not defined", which fails the run).
  act(() => {
    Toast.clear();
    Dialog.clear();
    unmountAntdRoots();
  });
  cleanup();
  setNavigator(null);
  document.body.innerHTML = '';
});

// Work React scheduled in a task of its own (after an unmount above) runs before the file's DOM goes.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
});
