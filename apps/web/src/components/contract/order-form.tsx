import type { ContractSide } from '@fairex/contract';
import { cmp, displayBalance } from '@fairex/contract/money';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmitContract, type ContractDeal } from '../../api/contracts.ts';
import { confirmDialog, toastSuccess } from '../../notify.ts';
import { AccountNote, shortfallOf } from '../funds/account-note.tsx';
import { SegmentTabs } from '../segment-tabs.tsx';
import { isPositiveAmount, orderPreview, stopsProblem, type StopsProblem } from './preview.ts';
import { StopFields } from './stop-fields.tsx';

type OrderType = 'market' | 'limit';
export type OrderProblem = 'priceRequired' | 'wrongPrice' | 'wrongLots' | 'lotsRange' | 'noMarkPrice' | 'insufficient' | 'closed' | StopsProblem;
export type OrderDraft = { side: ContractSide; orderType: OrderType; price: string; lots: string; multiple: number; takeProfit: string; stopLoss: string };

/** The margin coin: its name and decimals (the ledger takes whole units of it). */
export type MarginCoin = { name: string; decimals: number };

const LOTS = /^\d{1,7}$/;

/**
 * Client checks before the confirmation prompt, by the rules the server applies: orders only in
 * session; a limit order needs a price; lots are whole and within the symbol's limits; take-profit and
 * stop-loss lie on the right side of the price; margin and fee fit the contract account's available.
 */
export function validateContractOrder(deal: ContractDeal, draft: OrderDraft, coin: MarginCoin): OrderProblem | null {
  if (!deal.in_session) return 'closed';
  const market = draft.orderType === 'market';
  const price = market ? deal.mark_price : draft.price.trim();
  if (!market && price === '') return 'priceRequired';
  if (!isPositiveAmount(price)) return market ? 'noMarkPrice' : 'wrongPrice';
  const lots = draft.lots.trim();
  if (!LOTS.test(lots) || Number(lots) < 1) return 'wrongLots';
  if (Number(lots) < deal.settings.lots_min || Number(lots) > deal.settings.lots_max) return 'lotsRange';
  const preview = orderPreview(deal.settings, { side: draft.side, market, price, lots: Number(lots), multiple: draft.multiple }, coin.decimals);
  // As the server checks them: a market order's TP/SL against the mark, a limit order's against its price.
  const stops = stopsProblem(draft.side, price, draft.takeProfit.trim(), draft.stopLoss.trim());
  if (stops) return stops;
  if (cmp(preview.cost, deal.account.available) > 0) return 'insufficient';
  return null;
}

/**
 * The contract order form: long or short, market (at the mark, with the symbol's spread) or limit, lots
 * within the symbol's limits, a leverage (multiple) among those allowed, the margin and fee it takes from
 * the contract account (by the contract's rules), an optional take-profit and stop-loss, and a
 * confirmation prompt before it is sent.
 */
export function ContractOrderForm({ deal, coin }: { deal: ContractDeal; coin: MarginCoin }) {
  const { t } = useTranslation();
  const settings = deal.settings;
  const [side, setSide] = useState<ContractSide>('long');
  const [orderType, setOrderType] = useState<OrderType>('market');
  const [price, setPrice] = useState('');
  const [lots, setLots] = useState('');
  const [multiple, setMultiple] = useState(settings.multiples[0] ?? 1);
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [error, setError] = useState<OrderProblem | null>(null);
  const submit = useSubmitContract();

  const market = orderType === 'market';
  const unitPrice = market ? deal.mark_price : price.trim();
  const preview =
    isPositiveAmount(unitPrice) && LOTS.test(lots.trim()) && Number(lots) > 0
      ? orderPreview(settings, { side, market, price: unitPrice, lots: Number(lots), multiple }, coin.decimals)
      : null;
  // What the order needs beyond the contract account's available: the transfer link asks for exactly that.
  const shortfall = preview ? shortfallOf(preview.cost, deal.account.available, coin.name) : undefined;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateContractOrder(deal, { side, orderType, price, lots, multiple, takeProfit, stopLoss }, coin);
    setError(problem);
    if (problem || !preview) return;
    const confirmed = await confirmDialog({
      title: t('contract.confirmTitle'),
      content: t('contract.confirmOrder', {
        side: t(`contract.${side}`),
        count: Number(lots.trim()),
        symbol: settings.symbol,
        multiple,
        margin: preview.margin,
        fee: preview.fee,
        coin: coin.name,
      }),
      confirmText: t('market.confirm'),
      cancelText: t('app.cancel'),
    });
    if (!confirmed) return;
    submit.mutate(
      {
        currency_id: settings.symbol_id,
        legal_id: settings.legal_id,
        share: Number(lots.trim()),
        multiple,
        type: side === 'long' ? 1 : 2,
        status: market ? 1 : 0,
        target_price: market ? undefined : price.trim(),
        target_profit_price: takeProfit.trim() || undefined,
        stop_loss_price: stopLoss.trim() || undefined,
      },
      {
        onSuccess: () => {
          toastSuccess(t(market ? 'contract.opened' : 'contract.pendingPlaced'));
          setLots('');
          setTakeProfit('');
          setStopLoss('');
        },
      },
    );
  };

  return (
    <form className="trade-form contract-form" onSubmit={(event) => void send(event)} noValidate>
      <SegmentTabs
        label={t('contract.direction')}
        variant="buy-sell"
        kind="toggles"
        options={[
          { value: 'buy', label: t('contract.long') },
          { value: 'sell', label: t('contract.short') },
        ]}
        value={side === 'long' ? 'buy' : 'sell'}
        onChange={(value) => setSide(value === 'buy' ? 'long' : 'short')}
      />
      <SegmentTabs
        label={t('market.orderType')}
        variant="pill"
        kind="toggles"
        options={[
          { value: 'market', label: t('market.market') },
          { value: 'limit', label: t('market.limit') },
        ]}
        value={orderType}
        onChange={(value) => {
          setOrderType(value);
          setError(null);
        }}
      />
      <label className="trade-form__field">
        {t('market.price')}
        {orderType === 'limit' ? (
          <input
            className="trade-form__input"
            inputMode="decimal"
            value={price}
            placeholder={t('market.entrustPrice')}
            onChange={(event) => setPrice(event.target.value)}
            aria-invalid={error === 'priceRequired' || error === 'wrongPrice'}
          />
        ) : (
          <input className="trade-form__input" value="" placeholder={t('contract.atMarkPrice')} disabled readOnly />
        )}
      </label>
      <label className="trade-form__field">
        {t('contract.lots')}
        <input
          className="trade-form__input"
          value={lots}
          inputMode="numeric"
          placeholder={t('contract.lotsRange', { min: settings.lots_min, count: settings.lots_max })}
          onChange={(event) => setLots(event.target.value)}
          aria-invalid={error === 'wrongLots' || error === 'lotsRange'}
        />
      </label>
      <SegmentTabs
        label={t('contract.leverage')}
        variant="pill"
        kind="toggles"
        options={settings.multiples.map((value) => ({ value: String(value), label: `${value}x` }))}
        value={String(multiple)}
        onChange={(value) => setMultiple(Number(value))}
      />
      <div className="contract-form__stops">
        <StopFields takeProfit={takeProfit} stopLoss={stopLoss} onTakeProfit={setTakeProfit} onStopLoss={setStopLoss} error={error} />
      </div>
      <dl className="contract-form__preview">
        <div>
          <dt>{t('contract.margin')}</dt>
          <dd>{preview ? `${preview.margin} ${coin.name}` : '--'}</dd>
        </div>
        <div>
          <dt>{t('contract.fee')}</dt>
          <dd>{preview ? `${preview.fee} ${coin.name}` : '--'}</dd>
        </div>
        <div>
          <dt>{t('market.available')}</dt>
          <dd>
            {displayBalance(deal.account.available)} {coin.name}
          </dd>
        </div>
      </dl>
      <AccountNote kind="contract" currencyId={settings.legal_id} shortfall={shortfall} />
      {error && (
        <p className="trade-form__error" role="alert">
          {t(`contract.problem.${error}`, { min: settings.lots_min, max: settings.lots_max })}
        </p>
      )}
      <button type="submit" className={`trade-submit trade-submit--${side === 'long' ? 'buy' : 'sell'}`} disabled={submit.isPending}>
        {t(side === 'long' ? 'contract.openLong' : 'contract.openShort')}
      </button>
    </form>
  );
}
