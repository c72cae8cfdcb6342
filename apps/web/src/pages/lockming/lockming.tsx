import type { MiningCategory } from '@fairex/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ofCategory, useMiningProducts, type MiningProduct } from '../../api/mining.ts';
import { Empty } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { MINING_ORDERS_PATH, MINING_WELCOME_PATH, miningBuyPath, ProductHeading, ratePercent } from '../../components/mining/mining.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { Figures } from '../../components/wealth/figures.tsx';

/** The home shortcuts open the three kinds of mining product: lock-up (the default), DeFi and cloud. */
const CATEGORIES = ['lock', 'defi', 'cloud'] as const satisfies readonly MiningCategory[];
const categoryOf = (value: string | null): MiningCategory => CATEGORIES.find((c) => c === value) ?? 'lock';

/**
 * /pages/lockming/lockming?category=lock|defi|cloud (public): the products of a category, each with its
 * coin, term, advertised daily yield range, today's rate and minimum; a card opens the purchase.
 */
export function LockMiningPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const category = categoryOf(params.get('category'));
  const products = useMiningProducts();
  return (
    <div className="page">
      <NavBar title={t('page.mining')} />
      <SegmentTabs
        label={t('mining.categories')}
        options={CATEGORIES.map((value) => ({ value, label: t(`mining.category.${value}`) }))}
        value={category}
        onChange={(next) => setParams({ category: next }, { replace: true })}
      />
      <nav className="mining-links" aria-label={t('mining.links')}>
        <Link className="pill pill--ghost" to={MINING_ORDERS_PATH}>
          {t('mining.myOrders')}
        </Link>
        <Link className="pill pill--ghost" to={MINING_WELCOME_PATH}>
          {t('mining.howItWorks')}
        </Link>
      </nav>
      <PageState query={products}>
        {(all) => {
          const shown = ofCategory(all, category);
          if (shown.length === 0) return <Empty>{t('mining.noProducts')}</Empty>;
          return (
            <ul className="mining-products" aria-label={t(`mining.category.${category}`)}>
              {shown.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          );
        }}
      </PageState>
    </div>
  );
}

function ProductCard({ product }: { product: MiningProduct }) {
  const { t } = useTranslation();
  return (
    <Link className="card mining-product" to={miningBuyPath(product.id)}>
      <ProductHeading product={product} />
      <Figures
        rows={[
          [t('mining.term'), t('mining.termDays', { count: product.term_days })],
          [t('mining.todayRate'), ratePercent(product.today_rate)],
          [t('mining.minimum'), `${product.amount_min} ${product.currency}`],
        ]}
      />
    </Link>
  );
}
