import { act, cleanup } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach } from 'vitest';
import { installAntdRender } from '../setup-antd.ts';
import { setNavigator } from '../navigation.ts';
import { reloadState } from '../store/store.ts';

// As at start-up: antd-mobile's Toast and Dialog render through React 19's createRoot.
installAntdRender();

beforeEach(() => {
  localStorage.clear();
  reloadState();
});

afterEach(() => {
  // antd-mobile remembers its open toast; closing it makes the next test's toast a fresh one.
  act(() => Toast.clear());
  cleanup();
  setNavigator(null);
  document.body.innerHTML = '';
});
