/**
 * Proves the wealth purchase forms start loading the confirmation dialog as soon as they appear, before
 * any tap (review 2026-11-27: the dual purchase's dialog came more than 1.5 s after the tap on first use).
 * notify.ts's loader is replaced by a spy, so this file runs in its own module registry (vitest.config.ts).
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFeedback } from '../notify.ts';
import { saveToken } from '../store/store.ts';
import { fakeOkApi } from '../test/fake-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { project } from '../pages/ieo/fixtures.ts';
import { dualProduct } from '../pages/invest/test-support.tsx';
import { product } from '../pages/lockming/test-fixtures.tsx';

vi.mock('../notify.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../notify.ts')>();
  return { ...actual, loadFeedback: vi.fn(actual.loadFeedback) };
});

describe('purchase forms', () => {
  beforeEach(() => {
    saveToken('a-token');
    fakeOkApi({
      '/dual/detail': dualProduct(),
      '/lh/deposit/config': [product()],
      '/project/detail': project({ id: 7, state: 'in_progress', my_applied: '0', pay_balance: '1000' }),
    });
    vi.mocked(loadFeedback).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['dual investment', `/pages/invest/purchase?id=${dualProduct().id}`, 'Shares'],
    ['lock-up mining', '/pages/lockming/buy?id=1', 'Amount'],
    ['IEO', '/pages/ieo/subscribe?id=7', 'Quantity (FAIR)'],
  ])('load the confirmation dialog when the %s form appears', async (_name, path, field) => {
    renderApp(path);
    await screen.findByLabelText(field);
    expect(loadFeedback).toHaveBeenCalled();
  });
});
