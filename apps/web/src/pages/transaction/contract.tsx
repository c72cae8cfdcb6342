import { mul } from '@fairex/contract/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrencies } from '../../api/config.ts';
import { useContractDeal } from '../../api/contracts.ts';
import { useQuotations, type Quotation } from '../../api/market.ts';
import { ChoiceSheet } from '../../components/choice-sheet.tsx';
import { ContractOrderForm } from '../../components/contract/order-form.tsx';
import { CONTRACT_ORDERS_PATH, type ContractKind } from '../../components/contract/paths.ts';
import { PositionList } from '../../components/contract/position-list.tsx';
import { ContractSettingsNotice } from '../../components/contract/settings-notice.tsx';
import { useContractEvents } from '../../components/contract/use-contract-events.ts';
import { formatChange, trendOf, withDecimals } from '../../components/market/format.ts';
import { KlineChart } from '../../components/market/kline-chart.tsx';
import { useLiveTickers } from '../../components/market/use-live-quotations.ts';
import { NavBar } from '../../components/nav-bar.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import '../../components/market/market.css';
import '../../components/contract/contract.css';

/** /pages/transaction/index2: the stock trade screen, the contract screen opened on stock symbols. */
export const StockPage = () => <ContractPage defaultKind="stock" />;

/**
 * /pages/transaction/contract?kind=futures|stock&symbol=BTCUSDT: futures and stock contracts. The symbol
 * header shows the mark price (the index) live, the form opens positions with leverage, and the user's
 * open positions on the symbol follow below with their live P&L.
 */
export function ContractPage({ defaultKind = 'futures' }: { defaultKind?: ContractKind }) {
  const { t } = useTranslation();
  const { kind } = useContractChoice(defaultKind);
  return (
    <div className="page contract-page">
      <NavBar
        title={t(kind === 'stock' ? 'market.stock' : 'market.contract')}
        right={
          <Link to={CONTRACT_ORDERS_PATH} className="link-button">
            {t('contract.positions')}
          </Link>
        }
      />
      <ContractTradeView defaultKind={defaultKind} />
    </div>
  );
}

/** The kind and symbol shown: the symbol asked for decides the kind, else the kind asked for (or the page's own). */
function useContractChoice(defaultKind: ContractKind) {
  const [params] = useSearchParams();
  const quotations = useQuotations();
  const requested = params.get('symbol');
  const all = (quotations.data ?? []).filter((item) => item.kind === 'futures' || item.kind === 'stock');
  const chosen = all.find((item) => item.symbol === requested);
  const asked = params.get('kind') ?? defaultKind;
  const kind: ContractKind = chosen ? (chosen.kind === 'stock' ? 'stock' : 'futures') : asked === 'stock' ? 'stock' : 'futures';
  const ofKind = all.filter((item) => item.kind === kind);
  return { quotations, kind, ofKind, quotation: chosen ?? ofKind[0] };
}

/** The contract screen's body (kind, symbol, price, form, positions), also embedded in the trade tab. */
export function ContractTradeView({ defaultKind = 'futures' }: { defaultKind?: ContractKind }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { quotations, kind, ofKind, quotation } = useContractChoice(defaultKind);
  const [picking, setPicking] = useState(false);

  // Only the query string changes, so the trade tab keeps its path.
  const choose = (next: { kind?: ContractKind; symbol?: string }) => {
    const search = new URLSearchParams({ ...Object.fromEntries(params), kind: next.kind ?? kind });
    if (next.symbol) search.set('symbol', next.symbol);
    else search.delete('symbol');
    setParams(search, { replace: true });
  };

  return (
    <>
      <SegmentTabs
        label={t('contract.kinds')}
        options={[
          { value: 'futures', label: t('market.futures') },
          { value: 'stock', label: t('market.stock') },
        ]}
        value={kind}
        onChange={(value) => choose({ kind: value })}
      />
      {quotation && (
        <button type="button" className="contract-symbol" aria-label={t('contract.chooseSymbol')} aria-haspopup="listbox" onClick={() => setPicking(true)}>
          {quotation.symbol} ▾
        </button>
      )}
      {quotations.isPending ? (
        <p className="empty">{t('app.loading')}</p>
      ) : quotation ? (
        <ContractBody quotation={quotation} />
      ) : (
        <p className="empty">{t('market.noSymbols')}</p>
      )}
      <ChoiceSheet
        title={t('contract.chooseSymbol')}
        open={picking}
        choices={ofKind.map((item) => ({ value: item.symbol, label: item.symbol, hint: item.price ?? undefined }))}
        value={quotation?.symbol ?? ''}
        onChoose={(symbol) => {
          setPicking(false);
          choose({ symbol });
        }}
        onClose={() => setPicking(false)}
      />
    </>
  );
}

function ContractBody({ quotation }: { quotation: Quotation }) {
  const { t } = useTranslation();
  useLiveTickers([quotation.symbol]);
  useContractEvents();
  const deal = useContractDeal(quotation.id, quotation.legal_id);
  const coin = useCurrencies().data?.find((item) => item.id === quotation.legal_id);
  const trend = trendOf(quotation.change);
  const markPrice = withDecimals(quotation.price, quotation.price_decimals);
  const settings = deal.data?.settings;
  const session = settings?.session;
  return (
    <>
      <header className="spot-header">
        <div>
          <p className="muted">{t('contract.markPrice')}</p>
          <p className={`spot-header__price text-${trend}`} aria-label={t('contract.markPriceOf', { price: markPrice })}>
            {markPrice}
          </p>
          <p className={`text-${trend}`}>{formatChange(quotation.change)}</p>
        </div>
        {settings && (
          <dl className="spot-header__stats">
            <dt>{t('contract.contractSize')}</dt>
            <dd>{settings.contract_size}</dd>
            <dt>{t('contract.feeRate')}</dt>
            <dd>{percent(settings.fee_rate)}</dd>
            <dt>{t('contract.overnightRate')}</dt>
            <dd>{percent(settings.overnight_rate)}</dd>
          </dl>
        )}
      </header>
      <KlineChart symbol={quotation.symbol} draws="index" />
      {settings && <ContractSettingsNotice settings={settings} />}
      {deal.data && !deal.data.in_session && session && (
        <p className="contract-closed" role="note">
          {t('contract.sessionClosed', { open: session.open, close: session.close, zone: session.time_zone })}
        </p>
      )}
      <div className="contract-main">
        {deal.isPending || !coin ? (
          <p className="empty">{t('app.loading')}</p>
        ) : deal.data ? (
          <ContractOrderForm deal={{ ...deal.data, mark_price: quotation.price ?? deal.data.mark_price }} coin={{ name: coin.name, decimals: coin.decimals }} />
        ) : null}
      </div>
      <section className="spot-section" aria-labelledby="contract-positions-title">
        <div className="spot-section__head">
          <h2 id="contract-positions-title">{t('contract.openPositions')}</h2>
          <Link to={CONTRACT_ORDERS_PATH} className="link-button">
            {t('contract.allPositions')}
          </Link>
        </div>
        <PositionList symbolId={quotation.id} />
      </section>
    </>
  );
}

/** A rate as a percentage ("0.0005" -> "0.05%"). */
const percent = (rate: string) => `${mul(rate, 100)}%`;
