import { displayBalance, money, Money, sum } from '@fairex/contract/money';
import { useQueries, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contractKeys, useClosePosition, useContractPositions, type ContractDeal, type ContractPosition } from '../../api/contracts.ts';
import { post } from '../../api/client.ts';
import type { Page } from '../../api/funds.ts';
import { useQuotations } from '../../api/market.ts';
import { confirmDialog, toastSuccess } from '../../notify.ts';
import { useConfirmSelfHold } from '../copy/self-hold.ts';
import { LoadMore } from '../funds/funds.tsx';
import { PageState } from '../funds/page-state.tsx';
import { useLiveTickers } from '../market/use-live-quotations.ts';
import { liveRiskRate, livePositionProfit } from './preview.ts';
import { useRelativeTime } from '../relative-time.ts';
import { StopSheet } from './stop-sheet.tsx';
import '../copy/copy.css';
import { TickCheck } from '../tick-check.tsx';

const signOf = (value: string) => (value.startsWith('-') ? 'down' : value === '0' ? 'flat' : 'up');

/**
 * The marks (index prices, live from the ticker rooms) and contract sizes of the symbols of `positions`,
 * so their P&L moves with every tick by the contract's rule, between the server's pushes.
 */
function useLiveFigures(positions: readonly ContractPosition[]) {
  const symbols = [...new Map(positions.map((p) => [p.symbol_id, p])).values()];
  const quotations = useQuotations().data ?? [];
  useLiveTickers(quotations.filter((q) => symbols.some((p) => p.symbol_id === q.id)).map((q) => q.symbol));
  const deals = useQueries({
    queries: symbols.map((p) => ({
      queryKey: contractKeys.deal(p.symbol_id),
      queryFn: () => post<ContractDeal>('/lever/deal', { currency_id: p.symbol_id, legal_id: p.legal_id }),
    })),
  });
  const sizes = new Map(deals.flatMap((deal) => (deal.data ? [[deal.data.settings.symbol_id, deal.data.settings.contract_size] as const] : [])));
  // A symbol without an index (price null) has no live mark: its positions keep the server's figures.
  const marks = new Map(quotations.flatMap((q) => (q.price === null ? [] : [[q.id, q.price] as const])));
  /** The position with its P&L and current price at the live mark (the server's figures until both are known). */
  return (position: ContractPosition): ContractPosition => {
    const mark = marks.get(position.symbol_id);
    const size = sizes.get(position.symbol_id);
    if (position.status !== 'open' || mark === undefined || size === undefined) return position;
    return { ...position, current_price: mark, profit: livePositionProfit(position, mark, size) };
  };
}

/**
 * Open positions (of one symbol, or all) with their live P&L, the account's risk rate, and per position
 * "close" (after a confirmation prompt) and "TP/SL" (a sheet); 10 at a time with "load more".
 */
export function PositionList({ symbolId }: { symbolId?: number }) {
  const { t } = useTranslation();
  const answer = useContractPositions(symbolId);
  const pages = answer.data?.pages ?? [];
  const positions = pages.flatMap((page) => page.data);
  const live = useLiveFigures(positions);
  if (answer.isPending) return <p className="empty">{t('app.loading')}</p>;
  const first = pages[0];
  if (!first) return null;
  const shown = positions.map(live);
  const totals = first.totals;
  // The whole account is on the pages read when they list every open position; otherwise the server's figure.
  const whole = symbolId === undefined && first.total <= positions.length;
  const rate = whole ? liveRiskRate(totals.available, shown) : totals.risk_rate;
  const profit = whole ? sum(shown.map((p) => p.profit)) : totals.profit_total;
  return (
    <>
      <dl className="contract-totals">
        <div>
          <dt>{t('contract.available')}</dt>
          <dd>{displayBalance(totals.available)}</dd>
        </div>
        <div>
          <dt>{t('contract.marginTotal')}</dt>
          <dd>{displayBalance(totals.margin_total)}</dd>
        </div>
        <div>
          <dt>{t('funds.unrealisedProfit')}</dt>
          <dd className={`text-${signOf(profit)}`}>{displayBalance(profit)}</dd>
        </div>
        <div>
          <dt>{t('contract.riskRate')}</dt>
          <dd aria-label={t('contract.riskRate')}>{rate === null ? '--' : `${displayBalance(rate).replace(/(\.\d{2})\d*$/, '$1')}%`}</dd>
        </div>
      </dl>
      <PositionItems positions={shown} />
      {shown.length > 0 && <LoadMore hasMore={answer.hasNextPage} loading={answer.isFetchingNextPage} onMore={() => void answer.fetchNextPage()} />}
    </>
  );
}

/** Pending orders or closed positions, read 10 at a time: the app's one paging style ("load more", then "no more data"). */
export function PagedPositions({ query }: { query: UseInfiniteQueryResult<InfiniteData<Page<ContractPosition>>> }) {
  return (
    <PageState query={query}>
      {(data) => {
        const positions = data.pages.flatMap((page) => page.data);
        return (
          <>
            <PositionItems positions={positions} />
            {positions.length > 0 && <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />}
          </>
        );
      }}
    </PageState>
  );
}

/** A copy of a trader's position that still follows the trader: it closes with the trader's, not by hand. */
export const followsTrader = (position: ContractPosition) => position.copy_trader_id !== null && !position.self_held;

/**
 * Prices with their symbol's decimals (a stock's 2, BTCUSDT's 1), truncated like every shown figure; the
 * server's figure as it is while the symbol's decimals are unknown. A liquidation price is rounded toward
 * the mark instead: a long is liquidated at or below it, a short at or above, so the shown price is
 * reached no later than the real one (truncating showed a long's as lower).
 */
function usePriceFormat() {
  const decimals = new Map((useQuotations().data ?? []).map((q) => [q.id, q.price_decimals]));
  const format = (position: ContractPosition, price: string | null, up = false) => {
    const places = decimals.get(position.symbol_id);
    return price === null ? '--' : places === undefined ? price : money(price).toFixed(places, up ? Money.ROUND_UP : Money.ROUND_DOWN);
  };
  return {
    price: (position: ContractPosition, price: string | null) => format(position, price),
    liquidation: (position: ContractPosition) => format(position, position.liquidation_price, position.side === 'long'),
  };
}

/**
 * Positions as cards; open ones can be closed or get TP/SL, pending ones cancelled. A copy that follows its
 * trader is marked "Copy" and has neither: it closes with the trader's position, unless the user takes it
 * over (self-hold, after a confirmation), after which it is theirs like any other.
 */
export function PositionItems({ positions }: { positions: readonly ContractPosition[] }) {
  const { t } = useTranslation();
  const close = useClosePosition();
  const selfHold = useConfirmSelfHold();
  const [editing, setEditing] = useState<ContractPosition | null>(null);
  const shownAt = useRelativeTime();
  const { price, liquidation } = usePriceFormat();
  const confirmClose = async (position: ContractPosition) => {
    const pending = position.status === 'pending';
    const confirmed = await confirmDialog({
      content: t(pending ? 'contract.cancelConfirm' : 'contract.closeConfirm', { symbol: position.symbol, count: position.share }),
      confirmText: t('market.confirm'),
      cancelText: t('market.keep'),
    });
    if (!confirmed) return;
    close.mutate(position.id, { onSuccess: () => toastSuccess(t(pending ? 'contract.cancelled' : 'contract.closed')) });
  };
  if (positions.length === 0) return <p className="empty">{t('contract.noPositions')}</p>;
  return (
    <>
      <ul aria-label={t('contract.positions')}>
        {positions.map((position) => (
          <li key={position.id} className="order-item" aria-label={`${position.symbol} ${position.id}`}>
            <div className="order-item__top">
              <span>
                <strong className={position.side === 'long' ? 'text-up' : 'text-down'}>{t(`contract.${position.side}`)}</strong> {position.symbol} ·{' '}
                {position.multiple}x
                {position.copy_trader_id !== null && <span className="copy-badge">{t(position.self_held ? 'contract.selfHeldBadge' : 'contract.copyBadge')}</span>}
              </span>
              {followsTrader(position) && position.status === 'open' && (
                <span className="contract-actions">
                  <button
                    type="button"
                    className="link-button"
                    aria-label={`${t('contract.selfHold')} ${position.id}`}
                    disabled={selfHold.pending}
                    onClick={() => void selfHold.ask(position)}
                  >
                    {t('contract.selfHold')}
                  </button>
                </span>
              )}
              {!followsTrader(position) && (position.status === 'open' || position.status === 'pending') && (
                <span className="contract-actions">
                  <button type="button" className="link-button" aria-label={`${t('contract.setStops')} ${position.id}`} onClick={() => setEditing(position)}>
                    {t('contract.setStops')}
                  </button>
                  <button
                    type="button"
                    className="link-button"
                    aria-label={`${t(position.status === 'open' ? 'contract.close' : 'market.cancelOrder')} ${position.id}`}
                    disabled={close.isPending}
                    onClick={() => void confirmClose(position)}
                  >
                    {t(position.status === 'open' ? 'contract.close' : 'market.cancelOrder')}
                  </button>
                </span>
              )}
              {(position.status === 'closed' || position.status === 'cancelled') && (
                <span className="muted">{t(position.close_reason ? `contract.reason.${position.close_reason}` : `contract.status.${position.status}`)}</span>
              )}
            </div>
            <dl className="order-item__figures">
              {position.status === 'cancelled' ? (
                // Never opened: no P&L, margin, fee or open price (the frozen margin and fee came back in full).
                <>
                  <Figure label={t('contract.lots')}>{position.share}</Figure>
                  <Figure label={t('market.entrustPrice')}>{price(position, position.target_price)}</Figure>
                </>
              ) : (
                <>
                  <Figure label={t('contract.profit')} className={`text-${signOf(position.profit)}`}>
                    {position.profit}
                  </Figure>
                  <Figure label={t('contract.lots')}>{position.share}</Figure>
                  <Figure label={t('contract.margin')}>{position.margin}</Figure>
                  <Figure label={t(position.status === 'pending' ? 'market.entrustPrice' : 'contract.openPrice')}>
                    {price(position, position.open_price ?? position.target_price)}
                  </Figure>
                  <Figure label={t(position.status === 'open' ? 'contract.markPrice' : 'contract.closePrice')}>{price(position, position.current_price)}</Figure>
                  <Figure label={t('contract.fee')}>{position.handling_fee}</Figure>
                  <Figure label={t('contract.overnightFee')}>{position.overnight_fee}</Figure>
                </>
              )}
              <Figure label={t('contract.takeProfit')}>{price(position, position.target_profit_price)}</Figure>
              <Figure label={t('contract.stopLoss')}>{price(position, position.stop_loss_price)}</Figure>
              {position.status === 'open' && <Figure label={t('contract.liquidationPrice')}>{liquidation(position)}</Figure>}
              <Figure label={t('market.time')}>{shownAt(position.closed_at ?? position.opened_at ?? position.created_at)}</Figure>
            </dl>
            {position.status === 'closed' && position.open_tick_id && position.close_tick_id && <TickCheck openId={position.open_tick_id} closeId={position.close_tick_id} />}
          </li>
        ))}
      </ul>
      <StopSheet position={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function Figure({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
