import type { OtcPaymentDetail, OtcSignal } from '@fairex/contract';
import { OTC_APPEAL_REASON_CHARS_MAX, OTC_REALTIME_EVENT, otcNextStatus } from '@fairex/contract/rules';
import { BIGINT_ID_MAX, isDigits } from '@fairex/contract/validators';
import { Button } from 'antd-mobile';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { otcKeys, useAppealOtcOrder, useCancelOtcOrder, useMarkOtcPaid, useOtcOrder, useReleaseOtcOrder, type OtcOrderView } from '../../api/otc.ts';
import { useUserInfo } from '../../api/user.ts';
import { PasswordField } from '../../components/field.tsx';
import { ImagePicker, useFormatTime } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { PayPasswordFirst } from '../../components/funds/pay-password-first.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { useUserEvent } from '../../components/market/use-market-events.ts';
import { Figures } from '../../components/wealth/figures.tsx';
import { confirmThenSend, copyText, toast } from '../../notify.ts';
import { useServerTime } from '../../realtime/use-server-time.ts';
import { OrderChat } from './chat.tsx';
import { otcTabPath } from './paths.ts';
import { MerchantLine, StatusLabel, useActionLabel, useMethodName } from './shared.tsx';

/**
 * One order (?order=ID), as its buyer or its seller sees it: the figures, the time left to pay, the
 * seller's payment details for the buyer, then the step that is theirs: the buyer marks it paid with a
 * proof image or cancels before paying; the seller releases once the money arrived (pay password and a
 * confirmation); either side appeals a paid order. A realtime `otc` signal refreshes it and its chat.
 * A number naming none of the user's orders says so, with the way to their orders.
 */
export function OrderScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const valid = isDigits(id) && Number(id) >= 1 && Number(id) <= BIGINT_ID_MAX;
  const order = useOtcOrder(valid ? id : '');
  const queryClient = useQueryClient();
  useUserEvent<OtcSignal>(OTC_REALTIME_EVENT, (signal) => {
    if (signal?.order_id !== id) return;
    // Nobody's action: the release time limit passed, so both sides are told why it changed.
    if (signal.reason === 'release_timeout') toast(t('otc.appealedByTimeLimit'));
    void queryClient.invalidateQueries({ queryKey: otcKeys.order(id) });
    void queryClient.invalidateQueries({ queryKey: otcKeys.messages(id) });
  });
  const notFound = <NotFound title={t('otc.orderNotFound')} backTo={otcTabPath('orders')} backLabel={t('otc.myOrders')} />;
  if (!valid) return notFound;
  return (
    <PageState query={order} notFound={notFound}>
      {(data) => (
        <>
          <OrderSummary order={data} onDeadline={() => void order.refetch()} />
          <OrderStep order={data} />
          <OrderChat order={data} />
        </>
      )}
    </PageState>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Now by the server's clock when its ticks arrive (its jobs time orders out), else this device's; re-rendered each second. */
function useServerNow() {
  const server = useServerTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now + (server?.offsetMs ?? 0);
}

/** Time left to pay, mm:ss; at zero it asks the server again (its job cancels the order). */
function PayCountdown({ deadline, onDone }: { deadline: number; onDone: () => void }) {
  const { t } = useTranslation();
  const left = Math.max(0, deadline - useServerNow());
  const told = useRef(false);
  useEffect(() => {
    if (left > 0 || told.current) return;
    told.current = true;
    onDone();
  }, [left, onDone]);
  const seconds = Math.ceil(left / 1000);
  return (
    <p className="otc-countdown" role="timer">
      {t('otc.payLeft', { time: `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}` })}
    </p>
  );
}

function OrderSummary({ order, onDeadline }: { order: OtcOrderView; onDeadline: () => void }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const actionLabel = useActionLabel();
  return (
    <section className="card otc-order" aria-label={t('otc.orderNo', { id: order.id })}>
      <div className="otc-order__head">
        <strong>{actionLabel(order.role === 'buyer' ? 'buy' : 'sell', order.coin)}</strong>
        <StatusLabel status={order.status} />
      </div>
      {order.status === 'pending' && <PayCountdown deadline={order.pay_deadline} onDone={onDeadline} />}
      <Figures
        rows={[
          [t('otc.total'), `${order.fiat_amount} ${order.fiat}`],
          [t('otc.quantity'), `${order.quantity} ${order.coin}`],
          [t('otc.price'), `${order.price} ${order.fiat}`],
          [t('otc.orderId'), order.id],
          [t('otc.createdAt'), formatTime(order.created_at)],
          order.paid_at !== null && [t('otc.paidAt'), formatTime(order.paid_at)],
          order.status === 'paid' && order.release_due_at !== null && [t('otc.releaseDueAt'), formatTime(order.release_due_at)],
          order.released_at !== null && [t('otc.releasedAt'), formatTime(order.released_at)],
          order.cancelled_at !== null && [t('otc.cancelledAt'), formatTime(order.cancelled_at)],
        ]}
      />
      <div className="otc-order__counterparty">
        <span className="muted">{t(order.role === 'buyer' ? 'otc.seller' : 'otc.buyer')}</span>
        {order.counterparty.merchant ? <MerchantLine merchant={order.counterparty.merchant} /> : <span>{order.counterparty.name}</span>}
      </div>
      <OutcomeNote order={order} />
    </section>
  );
}

/** How an ended or appealed order stands, in a sentence. */
function OutcomeNote({ order }: { order: OtcOrderView }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const args = { quantity: order.quantity, coin: order.coin };
  let text: string | undefined;
  if (order.status === 'released') text = t(order.released_by === 'operator' ? 'otc.releasedByOperator' : order.role === 'buyer' ? 'otc.releasedToYou' : 'otc.releasedByYou', args);
  if (order.status === 'cancelled') text = t(`otc.cancelled.${order.cancel_reason ?? 'buyer'}`, args);
  return (
    <>
      {text && <p className="otc-note">{text}</p>}
      {order.appeal && (
        <div className="otc-appeal" role="note">
          {order.appeal.automatic ? (
            <p>{t('otc.appealAutomatic', { time: formatTime(order.appeal.created_at) })}</p>
          ) : (
            <>
              <p>{t(order.appeal.by === order.role ? 'otc.appealByYou' : 'otc.appealByOther', { time: formatTime(order.appeal.created_at) })}</p>
              <p className="otc-appeal__reason">{order.appeal.reason}</p>
            </>
          )}
          {order.appeal.decision === null ? (
            // Undecided: under review while the order stays appealed; the seller releasing meanwhile ended it.
            <p className="muted">{order.status === 'appealed' ? t('otc.appealReviewing') : t('otc.appealClosedByRelease', args)}</p>
          ) : (
            <p>{t(order.appeal.decision === 'release' ? 'otc.appealReleased' : 'otc.appealReturned', { note: order.appeal.note ?? '' })}</p>
          )}
        </div>
      )}
    </>
  );
}

/** The part of the order that is the reader's to do now, by the contract's transitions (the server checks the same). */
function OrderStep({ order }: { order: OtcOrderView }) {
  const { t } = useTranslation();
  const buyer = order.role === 'buyer';
  const can = (action: 'pay' | 'release' | 'appeal') => otcNextStatus(order.status, action) !== undefined;
  if (buyer && can('pay')) return <BuyerPays order={order} />;
  const waiting = order.status === 'pending' ? t('otc.waitBuyerPay', { total: order.fiat_amount, fiat: order.fiat }) : buyer && order.status === 'paid' ? t('otc.waitRelease') : undefined;
  const releasing = !buyer && can('release');
  if (!waiting && !releasing && !can('appeal') && !order.proof) return null;
  return (
    <section className="card otc-step">
      <ProofView order={order} />
      {waiting && <p>{waiting}</p>}
      {releasing && <SellerReleases order={order} />}
      {can('appeal') && <AppealForm order={order} />}
    </section>
  );
}

function ProofView({ order }: { order: OtcOrderView }) {
  const { t } = useTranslation();
  const methodName = useMethodName();
  const method = order.payment_details.find((d) => d.method_id === order.paid_method_id);
  return (
    <div className="otc-proof">
      {method && <p>{t('otc.paidWith', { method: methodName(method) })}</p>}
      {order.proof && (
        <a href={order.proof} target="_blank" rel="noreferrer">
          <img src={order.proof} alt={t('otc.proof')} />
        </a>
      )}
    </div>
  );
}

/** A payment detail's fields, each with a copy button. */
function PaymentDetail({ detail }: { detail: OtcPaymentDetail }) {
  const { t } = useTranslation();
  return (
    <dl className="otc-detail">
      {Object.entries(detail.fields).map(([field, value]) => (
        <div key={field}>
          <dt>{t(`otc.field.${field}`, { defaultValue: field })}</dt>
          <dd>
            <span>{value}</span>
            <button type="button" className="pill pill--ghost" aria-label={t('otc.copyField', { field: t(`otc.field.${field}`, { defaultValue: field }) })} onClick={() => void copyText(value, t('otc.copied'), t('otc.copyFailed'))}>
              {t('otc.copy')}
            </button>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The buyer: the seller's details to pay to, the method used and a proof image, "I have paid"; or cancel before paying. */
function BuyerPays({ order }: { order: OtcOrderView }) {
  const { t } = useTranslation();
  const paid = useMarkOtcPaid();
  const methodName = useMethodName();
  const cancel = useCancelOtcOrder();
  const [methodId, setMethodId] = useState<number | undefined>(order.payment_details.length === 1 ? order.payment_details[0]!.method_id : undefined);
  const [proof, setProof] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ method?: string; proof?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = { method: methodId === undefined ? t('otc.pickMethod') : undefined, proof: proof ? undefined : t('otc.proofRequired') };
    setErrors(next);
    if (methodId === undefined || !proof) return;
    await confirmThenSend(
      { content: t('otc.confirmPaid', { total: order.fiat_amount, fiat: order.fiat }), confirmText: t('otc.markPaid'), cancelText: t('otc.cancel') },
      () => paid.mutateAsync({ id: order.id, method_id: methodId, proof }),
      t('otc.markedPaid'),
    );
  }

  return (
    <form className="card otc-step otc-form" onSubmit={(event) => void submit(event)} noValidate>
      <h2 className="otc-step__title">{t('otc.payTo', { total: order.fiat_amount, fiat: order.fiat })}</h2>
      <p className="otc-hint">{t('otc.payOutside')}</p>
      <fieldset className="otc-methods" aria-invalid={errors.method ? true : undefined}>
        <legend>{t('otc.sellerDetails')}</legend>
        {order.payment_details.map((detail) => (
          <div key={detail.method_id} className="otc-method">
            <label className="otc-method__head">
              <input type="radio" name="method" checked={methodId === detail.method_id} onChange={() => setMethodId(detail.method_id)} />
              <span>{methodName(detail)}</span>
            </label>
            <PaymentDetail detail={detail} />
          </div>
        ))}
        {errors.method && (
          <p className="field__error" role="alert">
            {errors.method}
          </p>
        )}
      </fieldset>
      <ImagePicker label={t('otc.proof')} file={proof} onChange={setProof} error={errors.proof} />
      <Button block color="primary" shape="rounded" type="submit" loading={paid.isPending}>
        {t('otc.markPaid')}
      </Button>
      <Button
        block
        shape="rounded"
        fill="outline"
        loading={cancel.isPending}
        onClick={() =>
          void confirmThenSend(
            { content: t('otc.confirmCancel'), confirmText: t('otc.cancelOrder'), cancelText: t('otc.keepOrder') },
            () => cancel.mutateAsync({ id: order.id }),
            t('otc.orderCancelled'),
          )
        }
      >
        {t('otc.cancelOrder')}
      </Button>
    </form>
  );
}

/** The seller: once the money is in their account, the pay password and a confirmation release the coins. */
function SellerReleases({ order }: { order: OtcOrderView }) {
  const { t } = useTranslation();
  const user = useUserInfo().data;
  const release = useReleaseOtcOrder();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  if (user && !user.pay_pin_set) return <PayPasswordFirst />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setError(t('otc.payPasswordRequired'));
    await confirmThenSend(
      {
        title: t('otc.releaseTitle'),
        content: t('otc.confirmRelease', { total: order.fiat_amount, fiat: order.fiat, quantity: order.quantity, coin: order.coin }),
        confirmText: t('otc.release'),
        cancelText: t('otc.cancel'),
      },
      () => release.mutateAsync({ id: order.id, pay_password: password }),
      t('otc.released'),
    );
  }

  return (
    <form className="otc-form" onSubmit={(event) => void submit(event)} noValidate>
      <p>{t('otc.checkReceived', { total: order.fiat_amount, fiat: order.fiat })}</p>
      <PasswordField
        label={t('otc.payPassword')}
        autoComplete="off"
        value={password}
        onChange={(next) => {
          setPassword(next);
          setError(undefined);
        }}
        error={error}
      />
      <Button block color="primary" shape="rounded" type="submit" loading={release.isPending}>
        {t('otc.release')}
      </Button>
    </form>
  );
}

/** Either side of a paid order asks an operator to decide, with a reason. */
function AppealForm({ order }: { order: OtcOrderView }) {
  const { t } = useTranslation();
  const appeal = useAppealOtcOrder();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  if (!open) {
    return (
      <Button block shape="rounded" fill="outline" onClick={() => setOpen(true)}>
        {t('otc.appeal')}
      </Button>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (text === '') return setError(t('otc.appealReasonRequired'));
    if ([...text].length > OTC_APPEAL_REASON_CHARS_MAX) return setError(t('otc.tooLong', { max: OTC_APPEAL_REASON_CHARS_MAX }));
    await confirmThenSend(
      { content: t('otc.confirmAppeal'), confirmText: t('otc.appeal'), cancelText: t('otc.cancel') },
      () => appeal.mutateAsync({ id: order.id, reason: text }),
      t('otc.appealed'),
    );
  }

  return (
    <form className="otc-form" onSubmit={(event) => void submit(event)} noValidate>
      <label className="field__label" htmlFor="otc-appeal-reason">
        {t('otc.appealReason')}
      </label>
      <textarea
        id="otc-appeal-reason"
        className="otc-textarea"
        rows={3}
        value={reason}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
      />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <Button block color="warning" shape="rounded" type="submit" loading={appeal.isPending}>
        {t('otc.submitAppeal')}
      </Button>
    </form>
  );
}
