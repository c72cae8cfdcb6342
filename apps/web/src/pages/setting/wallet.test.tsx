/** Proves the withdrawal address list: rows and the empty state, and deletion only after confirmation, followed by a fresh list. */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { setDefaultConfig } from '../../antd-startup.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANTD_LOCALES } from '../../i18n/antd-locales.ts';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const ROWS = [
  { id: 4, currency_id: 1, currency: 'USDT', network: 'TRC20', name: 'Cold', address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', qrcode: '/uploads/a.png?exp=1&sig=x', created_at: '2026-01-01T00:00:00Z' },
  { id: 5, currency_id: 2, currency: 'BTC', network: 'BTC', name: 'Hot', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', qrcode: '/uploads/b.png?exp=1&sig=y', created_at: '2026-01-02T00:00:00Z' },
];

function fake(rows = ROWS) {
  let current = rows;
  return fakeOkApi({
    '/user/info': null,
    '/user/wallet/list': () => ({ data: current, total: current.length, page: 1, limit: 10 }),
    '/user/wallet/delete': ({ id }: Record<string, string>) => {
      current = current.filter((row) => String(row.id) !== id);
      return '';
    },
  });
}

const items = async () => within(await screen.findByRole('region', { name: 'Wallet addresses' })).findAllByRole('listitem');

describe('withdrawal addresses', () => {
  // As App does: the confirmation dialog renders outside the tree and reads antd-mobile's default locale.
  beforeEach(() => setDefaultConfig({ locale: ANTD_LOCALES.en }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists each address with its name, coin and network', async () => {
    saveToken('a-token');
    fake();
    renderApp('/pages/setting/wallet');
    const rows = await items();
    expect(rows).toHaveLength(2);
    ROWS.forEach((address, index) => {
      expect(within(rows[index]!).getByText(`${address.name} · ${address.currency} · ${address.network}`)).toBeTruthy();
      expect(within(rows[index]!).getByText(address.address)).toBeTruthy();
      expect(within(rows[index]!).getByRole('button', { name: 'Delete' })).toBeTruthy();
    });
  });

  it('says so when there is no address, and opens the add form', async () => {
    saveToken('a-token');
    fake([]);
    const { router } = renderApp('/pages/setting/wallet');
    expect(await screen.findByText('No withdrawal address yet')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add address' })));
    expect(router.state.location.pathname).toBe('/pages/setting/addWallet');
  });

  it('deletes an address only after confirmation, then shows the list without it', async () => {
    saveToken('a-token');
    const api = fake();
    renderApp('/pages/setting/wallet');
    const [cold] = await items();

    await act(async () => fireEvent.click(within(cold!).getByRole('button', { name: 'Delete' })));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the address Cold?')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.of('/user/wallet/delete')).toHaveLength(0);

    await act(async () => fireEvent.click(within(cold!).getByRole('button', { name: 'Delete' })));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' })));
    await vi.waitFor(() => expect(api.of('/user/wallet/delete')).toHaveLength(1));
    expect(api.of('/user/wallet/delete')[0]!.params).toMatchObject({ id: '4' });
    expect(await screen.findByText('Deleted')).toBeTruthy();
    await vi.waitFor(async () => expect(await items()).toHaveLength(1));
    expect(screen.queryByText('Cold · USDT · TRC20')).toBeNull();
    expect(screen.getByText('Hot · BTC · BTC')).toBeTruthy();
  });
});
