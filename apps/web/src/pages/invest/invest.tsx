import type { DualProductView, DualType } from '@fairex/contract';
import { DUAL_TYPES } from '@fairex/contract/rules';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDualIndex } from '../../api/invest.ts';
import { Empty } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { aprText, INVEST_PATHS, ProgressBar, useTypeLabel } from '../../components/invest/invest.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { Figures } from '../../components/wealth/figures.tsx';
import { DemoBadge } from '../../components/demo-badge.tsx';

const typeOf = (value: string | null): DualType => (DUAL_TYPES as readonly string[]).includes(value ?? '') ? (value as DualType) : 'call';
const coinOf = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/**
 * /pages/invest/invest?type=call|put&currency_id=: the dual products on offer, "sell high" (call) or
 * "buy low" (put), for one underlying coin or all; each row opens its purchase screen.
 */
export function InvestPage() {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const [params, setParams] = useSearchParams();
  const type = typeOf(params.get('type'));
  const currencyId = coinOf(params.get('currency_id'));
  const choose = (next: { type?: DualType; currencyId?: number | null }) => {
    const query = new URLSearchParams(params);
    if (next.type) query.set('type', next.type);
    if (next.currencyId === null) query.delete('currency_id');
    else if (next.currencyId !== undefined) query.set('currency_id', String(next.currencyId));
    setParams(query, { replace: true });
  };
  return (
    <div className="page">
      <NavBar
        title={t('page.invest')}
        right={
          <Link className="pill pill--ghost" to={INVEST_PATHS.help}>
            {t('invest.help')}
          </Link>
        }
      />
      <div className="page__body">
        <SegmentTabs label={t('invest.types')} options={DUAL_TYPES.map((value) => ({ value, label: typeLabel(value) }))} value={type} onChange={(next) => choose({ type: next })} />
        <CoinFilter type={type} currencyId={currencyId} onChange={(id) => choose({ currencyId: id ?? null })} />
        <Products type={type} currencyId={currencyId} />
        <div className="invest-links">
          <Link className="pill pill--ghost" to={INVEST_PATHS.mine}>
            {t('invest.mine')}
          </Link>
        </div>
      </div>
    </div>
  );
}

/** The underlying coins on offer for the type (read from the unfiltered list), and "all". */
function CoinFilter({ type, currencyId, onChange }: { type: DualType; currencyId?: number; onChange: (id?: number) => void }) {
  const { t } = useTranslation();
  const all = useDualIndex(type);
  const coins = [...new Map((all.data ?? []).map((p) => [p.currency_id, p.currency])).entries()];
  const choice = (id: number | undefined, label: string) => (
    <button key={id ?? 'all'} type="button" className="pill pill--ghost" aria-pressed={currencyId === id} onClick={() => onChange(id)}>
      {label}
    </button>
  );
  return (
    <div className="invest-coins" role="group" aria-label={t('invest.coins')}>
      {choice(undefined, t('invest.allCoins'))}
      {coins.map(([id, name]) => choice(id, name))}
    </div>
  );
}

function Products({ type, currencyId }: { type: DualType; currencyId?: number }) {
  const { t } = useTranslation();
  const products = useDualIndex(type, currencyId);
  return (
    <PageState query={products}>
      {(list) => {
        if (list.length === 0) return <Empty>{t('invest.empty')}</Empty>;
        return (
          <>
            <IndexPrices products={list} />
            <ul className="invest-list">
              {list.map((product) => (
                <li key={product.id}>
                  <ProductRow product={product} />
                </li>
              ))}
            </ul>
          </>
        );
      }}
    </PageState>
  );
}

/** The index price now of each symbol listed. */
function IndexPrices({ products }: { products: DualProductView[] }) {
  const { t } = useTranslation();
  const symbols = [...new Map(products.map((p) => [p.symbol, p.index_price])).entries()];
  return (
    <dl className="invest-index">
      {symbols.map(([symbol, price]) => (
        <div key={symbol}>
          <dt>{t('invest.indexPrice', { symbol })}</dt>
          <dd>{price ?? t('invest.noIndex')}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProductRow({ product }: { product: DualProductView }) {
  const { t } = useTranslation();
  const state = product.on_sale ? null : product.remaining_shares === 0 ? t('invest.soldOut') : t('invest.offSale');
  return (
    <Link className="invest-card" to={`${INVEST_PATHS.purchase}?id=${product.id}`}>
      <div className="invest-card__head">
        <span>
          <span className="invest-card__state">{t('invest.linkedPrice')}</span>{' '}
          <span className="invest-card__price">
            {product.linked_price} {product.quote_currency}
          </span>
          <DemoBadge demo={product.demo} />
        </span>
        <span className="invest-card__apr" aria-label={t('invest.apr')}>
          {aprText(product.apr)}
        </span>
      </div>
      <Figures
        rows={[
          [t('invest.holdingDays'), t('invest.days', { count: product.holding_days })],
          [t('invest.maturityDate'), product.maturity_date],
          [t('invest.perShare'), `${product.per_price} ${product.invest_currency}`],
          [t('invest.remaining'), t('invest.remainingOf', { remaining: product.remaining_shares, total: product.total_shares })],
        ]}
      />
      <ProgressBar percent={product.progress} />
      {state && <span className="invest-card__state">{state}</span>}
    </Link>
  );
}
