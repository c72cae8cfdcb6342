import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useOtcConfig } from '../../api/otc.ts';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { AdFormScreen } from './ad-form.tsx';
import { MarketView } from './market.tsx';
import { MerchantView } from './merchant.tsx';
import { OrderScreen } from './order.tsx';
import { OrdersView } from './orders.tsx';
import { OTC_TABS, otcTabPath, type OtcTab } from './paths.ts';
import { PaymentsView } from './payments.tsx';
import { QuickView } from './quick.tsx';
import { OtcFrame } from './shared.tsx';

/**
 * /pages/otc/otc (login): OTC and quick buy. The spec has this one route, so the view is in the query
 * string (paths.ts lists them): the market's ads and taking one, quick buy, my orders, one order with its
 * chat, the merchant's application, ads and ad form, and the payment methods.
 */
export function OtcOtcPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const config = useOtcConfig();
  const order = params.get('order');
  const tabParam = params.get('tab') as OtcTab | null;
  const tab: OtcTab = tabParam !== null && OTC_TABS.includes(tabParam) ? tabParam : 'market';
  const post = params.get('post');

  if (order) {
    return (
      <div className="page otc">
        <NavBar
          title={t('otc.order')}
          right={
            <Link className="pill pill--ghost" to={otcTabPath('orders')}>
              {t('otc.myOrders')}
            </Link>
          }
        />
        <OrderScreen key={order} id={order} />
      </div>
    );
  }
  if (tab === 'merchant' && post !== null) {
    return <PageState query={config}>{(data) => <AdFormScreen config={data} copyOf={post === 'new' ? null : Number(post)} />}</PageState>;
  }
  return (
    <OtcFrame tab={tab}>
      {tab === 'orders' ? (
        <OrdersView />
      ) : tab === 'payments' ? (
        <PaymentsView />
      ) : (
        <PageState query={config}>
          {(data) => (tab === 'quick' ? <QuickView config={data} /> : tab === 'merchant' ? <MerchantView config={data} /> : <MarketView config={data} />)}
        </PageState>
      )}
    </OtcFrame>
  );
}
