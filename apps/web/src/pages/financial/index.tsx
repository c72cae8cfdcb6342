import type { DualType } from '@fairex/contract';
import { cmp } from '@fairex/contract/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIeoOrders, useIeoProjects } from '../../api/ieo.ts';
import { useDualIndex, useDualOrders, type DualProduct } from '../../api/invest.ts';
import { useMiningOrders, useMiningProducts } from '../../api/mining.ts';
import { Empty } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { StateBadge } from '../../components/ieo/ieo.tsx';
import { aprText, useTypeLabel } from '../../components/invest/invest.tsx';
import { ratePercent, yieldRange } from '../../components/mining/mining.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { useStore } from '../../store/store.ts';
import './financial.css';

/** Rows each product shows here; its own screen lists them all. */
const ROWS_SHOWN = 3;

/**
 * The finance tab (/pages/financial/index): every wealth product on offer with its yield and state,
 * from the same calls as the products' own screens (lock-up mining by the top of its advertised daily
 * yield, dual investment by APR, IEO projects in progress or warming up), and with a session the
 * user's holdings in each, linking to their "mine" screens.
 */
export function FinancePage() {
  const { t } = useTranslation();
  const loggedIn = useStore((s) => s.token !== '');
  return (
    <div className="page finance-page">
      <NavBar title={t('page.finance')} back={false} />
      {loggedIn && <Holdings />}
      <MiningSection />
      <DualSection />
      <IeoSection />
    </div>
  );
}

function Section({ id, title, more, children }: { id: string; title: string; more: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="card finance-section" aria-labelledby={id}>
      <div className="finance-section__head">
        <h2 className="section-title" id={id}>
          {title}
        </h2>
        <Link className="finance-section__more" to={more}>
          {t('wealth.viewAll')}
        </Link>
      </div>
      {children}
    </section>
  );
}

function Row({ to, title, sub, figure, figureLabel }: { to: string; title: ReactNode; sub: ReactNode; figure: string; figureLabel: string }) {
  return (
    <li>
      <Link className="finance-row" to={to}>
        <span className="finance-row__main">
          <span className="finance-row__title">{title}</span>
          <span className="finance-row__sub">{sub}</span>
        </span>
        <span className="finance-row__figure">
          <strong>{figure}</strong>
          <span className="finance-row__label">{figureLabel}</span>
        </span>
      </Link>
    </li>
  );
}

function MiningSection() {
  const { t } = useTranslation();
  const products = useMiningProducts();
  return (
    <Section id="finance-mining" title={t('page.mining')} more="/pages/lockming/lockming">
      <PageState query={products}>
        {(all) => {
          const best = [...all].sort((a, b) => cmp(b.daily_yield_max, a.daily_yield_max)).slice(0, ROWS_SHOWN);
          if (best.length === 0) return <Empty>{t('wealth.noProducts')}</Empty>;
          return (
            <ul className="finance-rows" aria-label={t('page.mining')}>
              {best.map((p) => (
                <Row
                  key={p.id}
                  to={`/pages/lockming/buy?id=${p.id}`}
                  title={p.name}
                  sub={t('wealth.todayRate', { rate: ratePercent(p.today_rate) })}
                  figure={yieldRange(p)}
                  figureLabel={t('wealth.dailyYield')}
                />
              ))}
            </ul>
          );
        }}
      </PageState>
    </Section>
  );
}

/** Both kinds of dual product, the highest APRs first. */
function DualSection() {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const calls = useDualIndex('call');
  const puts = useDualIndex('put');
  const both = {
    data: calls.data && puts.data ? [...calls.data, ...puts.data] : undefined,
    isError: calls.isError || puts.isError,
    error: calls.error ?? puts.error,
    refetch: () => Promise.all([calls.refetch(), puts.refetch()]),
  };
  return (
    <Section id="finance-dual" title={t('page.invest')} more="/pages/invest/invest">
      <PageState query={both}>
        {(all: DualProduct[]) => {
          const best = all.filter((p) => p.on_sale).sort((a, b) => cmp(b.apr, a.apr)).slice(0, ROWS_SHOWN);
          if (best.length === 0) return <Empty>{t('wealth.noProducts')}</Empty>;
          return (
            <ul className="finance-rows" aria-label={t('page.invest')}>
              {best.map((p) => (
                <Row
                  key={p.id}
                  to={`/pages/invest/purchase?id=${p.id}`}
                  title={`${p.symbol} · ${typeLabel(p.type as DualType)}`}
                  sub={t('wealth.dualTerms', { price: p.linked_price, date: p.maturity_date })}
                  figure={aprText(p.apr)}
                  figureLabel={t('wealth.apr')}
                />
              ))}
            </ul>
          );
        }}
      </PageState>
    </Section>
  );
}

function IeoSection() {
  const { t } = useTranslation();
  const projects = useIeoProjects();
  const firstPage = { data: projects.data?.pages[0]?.data, isError: projects.isError, error: projects.error, refetch: projects.refetch };
  return (
    <Section id="finance-ieo" title={t('page.ieo')} more="/pages/ieo/ieo">
      <PageState query={firstPage}>
        {(all) => {
          const open = all.filter((p) => p.state !== 'ended').slice(0, ROWS_SHOWN);
          if (open.length === 0) return <Empty>{t('wealth.noProjects')}</Empty>;
          return (
            <ul className="finance-rows" aria-label={t('page.ieo')}>
              {open.map((p) => (
                <Row
                  key={p.id}
                  to={`/pages/ieo/subscribe?id=${p.id}`}
                  title={
                    <>
                      {p.name} <StateBadge state={p.state} />
                    </>
                  }
                  sub={t('wealth.ieoPrice', { price: p.price, pay: p.pay_currency, token: p.currency })}
                  figure={`${p.progress}%`}
                  figureLabel={t('wealth.subscribed')}
                />
              ))}
            </ul>
          );
        }}
      </PageState>
    </Section>
  );
}

/** The user's holdings in each product, by their order counts, each opening its "mine" screen. */
function Holdings() {
  const { t } = useTranslation();
  const mining = useMiningOrders('active');
  const dualPurchased = useDualOrders('purchased');
  const dualSettling = useDualOrders('settling');
  const ieo = useIeoOrders();
  const totalOf = (query: { data?: { pages: { total: number }[] } }) => query.data?.pages[0]?.total;
  const dual = totalOf(dualPurchased) !== undefined && totalOf(dualSettling) !== undefined ? totalOf(dualPurchased)! + totalOf(dualSettling)! : undefined;
  const rows: [string, string, number | undefined, string][] = [
    ['mining', t('page.mining'), totalOf(mining), t('wealth.inProgress', { count: totalOf(mining) ?? 0 })],
    ['dual', t('page.invest'), dual, t('wealth.inProgress', { count: dual ?? 0 })],
    ['ieo', t('page.ieo'), totalOf(ieo), t('wealth.subscriptions', { count: totalOf(ieo) ?? 0 })],
  ];
  const paths: Record<string, string> = { mining: '/pages/lockming/order', dual: '/pages/invest/mine', ieo: '/pages/ieo/order' };
  return (
    <section className="card finance-section" aria-labelledby="finance-mine">
      <h2 className="section-title" id="finance-mine">
        {t('wealth.myHoldings')}
      </h2>
      <ul className="finance-rows">
        {rows.map(([key, title, count, text]) => (
          <li key={key}>
            <Link className="finance-row" to={paths[key]!}>
              <span className="finance-row__title">{title}</span>
              <span className="finance-row__sub">{count === undefined ? '…' : text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
