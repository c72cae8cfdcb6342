import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteWalletAddress, useWalletAddresses, type WalletAddressRow } from '../../api/funds.ts';
import { Empty, LoadMore } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { confirmThenSend } from '../../notify.ts';

/** The user's withdrawal addresses (GET /user/wallet/list), each deletable after confirmation. */
export function WalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const addresses = useWalletAddresses();
  const remove = useDeleteWalletAddress();

  async function confirmDelete(row: WalletAddressRow) {
    await confirmThenSend(
      { content: t('funds.deleteAddressConfirm', { name: row.name }), confirmText: <span className="danger-text">{t('funds.delete')}</span> },
      () => remove.mutateAsync(row.id),
      t('funds.deleted'),
    );
  }

  return (
    <div className="page">
      <NavBar title={t('page.wallet')} />
      <div className="page__body">
        <PageState query={addresses}>
          {(data) => {
            const rows = data.pages.flatMap((page) => page.data);
            return (
              <section className="card" aria-label={t('page.wallet')}>
                {rows.length === 0 ? (
                  <Empty>{t('funds.noAddresses')}</Empty>
                ) : (
                  <ul className="funds-list">
                    {rows.map((row) => (
                      <li key={row.id} className="funds-list__item">
                        <div className="funds-list__row">
                          <span className="funds-list__main">
                            {row.name} · {row.currency} · {row.network}
                          </span>
                          <button type="button" className="pill pill--ghost" onClick={() => void confirmDelete(row)}>
                            {t('funds.delete')}
                          </button>
                        </div>
                        <div className="funds-address">{row.address}</div>
                      </li>
                    ))}
                  </ul>
                )}
                {rows.length > 0 && <LoadMore hasMore={addresses.hasNextPage} loading={addresses.isFetchingNextPage} onMore={() => void addresses.fetchNextPage()} />}
              </section>
            );
          }}
        </PageState>
        <div className="card">
          <Button block color="primary" size="large" shape="rounded" onClick={() => navigate('/pages/setting/addWallet')}>
            {t('funds.addAddress')}
          </Button>
        </div>
      </div>
    </div>
  );
}
