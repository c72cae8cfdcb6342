import { useTranslation } from 'react-i18next';
import { DemoBadge } from '../../components/demo-badge.tsx';
import { Empty } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { useLoanProducts, type LoanProduct } from './borrowing/api.ts';
import { BorrowForm, ProductFigures } from './borrowing/borrow-form.tsx';
import './borrowing/borrowing.css';
import { LoanHistory } from './borrowing/history.tsx';
import { MyLoans } from './borrowing/loans.tsx';
import { useTabParam } from '../../components/use-tab-param.ts';

const TABS = ['borrow', 'loans', 'history'] as const;

/**
 * /pages/common/borrowing?tab=borrow|loans|history (login): crypto-backed loans. Borrow: each product's
 * rate, LTV levels and limits, with its form (collateral, term, amount and a live LTV at the index);
 * my loans: open and ended, each with its debt and live LTV, repay and add collateral after a
 * confirmation; history: every step of the user's loans.
 */
export function CommonBorrowingPage() {
  const { t } = useTranslation();
  const [tab, show] = useTabParam(TABS);
  return (
    <div className="page">
      <NavBar title={t('page.borrowing')} />
      <SegmentTabs label={t('loan.sections')} options={TABS.map((value) => ({ value, label: t(`loan.tab.${value}`) }))} value={tab} onChange={show} />
      {tab === 'borrow' && <Products onBorrowed={() => show('loans')} />}
      {tab === 'loans' && <MyLoans />}
      {tab === 'history' && <LoanHistory />}
    </div>
  );
}

function Products({ onBorrowed }: { onBorrowed: () => void }) {
  const { t } = useTranslation();
  const products = useLoanProducts();
  return (
    <PageState query={products}>
      {(all) => {
        const offered = all.filter((p) => p.collaterals.length > 0);
        if (offered.length === 0) return <Empty>{t('loan.noProducts')}</Empty>;
        return (
          <ul className="loan-products" aria-label={t('loan.products')}>
            {offered.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} onBorrowed={onBorrowed} />
              </li>
            ))}
          </ul>
        );
      }}
    </PageState>
  );
}

function ProductCard({ product, onBorrowed }: { product: LoanProduct; onBorrowed: () => void }) {
  return (
    <section className="loan-product" aria-label={product.name}>
      <div className="card loan-product">
        <div className="loan-product__head">
          <span className="loan-product__name">
            {product.name}
            <DemoBadge demo={product.demo} />
          </span>
          <span className="loan-coin">{product.currency}</span>
        </div>
        <ProductFigures product={product} />
      </div>
      <BorrowForm product={product} onBorrowed={onBorrowed} />
    </section>
  );
}
