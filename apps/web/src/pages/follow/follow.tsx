import { cmp, displayBalance, isPositive } from '@fairex/contract/money';
import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { copyLots, normalizeCopyNumber, useFollow, useTraderDetail, type CopyType, type FollowView, type TraderDetail } from '../../api/copy.ts';
import { useConfirmCancelFollow } from '../../components/copy/cancel-follow.ts';
import { useWalletList } from '../../api/funds.ts';
import { transferPath } from '../../components/funds/account-note.tsx';
import { COPY_HUB_PATH, traderIdOf, traderPath, TRADERS_PATH } from '../../components/copy/paths.ts';
import { amountText, COPY_COIN, TraderGone, TraderName, useFollowSetting } from '../../components/copy/trader.tsx';
import { Field } from '../../components/field.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { ratePercent } from '../../components/mining/mining.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { SegmentTabs } from '../../components/segment-tabs.tsx';
import { Figures } from '../../components/wealth/figures.tsx';
import { confirmDialog, toastSuccess } from '../../notify.ts';

const TYPES = ['multiple', 'lots'] as const satisfies readonly CopyType[];
/** The number as the follow call takes it (schemas/copy.ts): up to 6 digits, up to 8 decimals. */
const COPY_NUMBER = /^\d{1,6}(\.\d{1,8})?$/;
/** The example of the preview: the trader opens this many lots; the symbol's minimum is one lot. */
const EXAMPLE_TRADER_LOTS = 3;
const LOTS_MIN = 1;

/**
 * /pages/follow/follow?id= (login): follow a trader, or edit the follow. Fixed multiple (of the trader's
 * lots) or fixed lots, the number, and a preview by the contract's rules: the number as the server keeps
 * it (a multiple above 1 that is not whole is rounded to two decimals) and what a copy of a 3-lot position
 * would be. The profit share agreed, the operator's limits and the contract account's available are
 * shown, with a transfer link when it holds nothing (every copy would be skipped); sending asks first,
 * and the answer's kept number is told. Editing starts from the current follow and offers Cancel follow.
 */
export function FollowFollowPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = traderIdOf(params.get('id'));
  if (params.get('id') === null) return <Navigate to={TRADERS_PATH} replace />;
  if (id === null) {
    return (
      <div className="page copy">
        <NavBar title={t('page.follow')} />
        <TraderGone />
      </div>
    );
  }
  return <FollowScreen key={id} id={id} />;
}

function FollowScreen({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useTraderDetail(id);
  const editing = detail.data?.my_follow?.status === 'following';
  return (
    <div className="page copy">
      <NavBar title={t(editing ? 'copy.editFollow' : 'page.follow')} />
      <div className="page__body">
        <PageState query={detail} notFound={<TraderGone />}>
          {(trader) => {
            const mine = trader.my_follow?.status === 'following' ? trader.my_follow : null;
            if (!mine && !trader.can_follow) return <CannotFollow trader={trader} />;
            return <FollowForm trader={trader} mine={mine} />;
          }}
        </PageState>
      </div>
    </div>
  );
}

function CannotFollow({ trader }: { trader: TraderDetail }) {
  const { t } = useTranslation();
  return (
    <div className="funds-notice" role="note">
      <p>{t(`copy.cannotFollow.${trader.cannot_follow_reason ?? 'unavailable'}`, { count: trader.limits.traders_per_follower_max })}</p>
      <Link className="pill pill--ghost" to={traderPath(trader.trader_user_id)}>
        {t('copy.backToTrader')}
      </Link>
    </div>
  );
}

type Check = { kept: string } | { error: string };

function FollowForm({ trader, mine }: { trader: TraderDetail; mine: FollowView | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setting = useFollowSetting();
  const follow = useFollow();
  const cancel = useConfirmCancelFollow();
  const [type, setType] = useState<CopyType>(mine?.type ?? 'multiple');
  const [number, setNumber] = useState(mine?.number ?? '');
  const [error, setError] = useState<string>();
  const limits = trader.limits;
  const text = number.trim();
  // The agreed rate: an existing follow keeps the one it was made with; a new one takes the trader's now.
  const rate = mine?.profit_share_rate ?? trader.profit_share_rate;
  const contract = useContractAvailable();
  const available = contract?.available;

  /** The number as kept, or why it cannot be sent (checked before asking the server). */
  function check(): Check {
    if (!COPY_NUMBER.test(text)) return { error: t('copy.form.wrongNumber') };
    const kept = normalizeCopyNumber(type, text);
    if (kept === null) return { error: t(type === 'lots' ? 'copy.form.wholeLots' : 'copy.form.wrongNumber') };
    if (type === 'multiple' && cmp(kept, limits.ratio_max) > 0) return { error: t('copy.form.multipleAboveMax', { max: limits.ratio_max }) };
    if (type === 'lots' && cmp(kept, limits.lots_max) > 0) return { error: t('copy.form.lotsAboveMax', { max: limits.lots_max }) };
    return { kept };
  }

  const preview = text === '' ? null : check();
  const kept = preview && 'kept' in preview ? preview.kept : null;
  const example = kept === null ? null : copyLots({ type, number: kept, traderLots: EXAMPLE_TRADER_LOTS, lotsMin: LOTS_MIN, lotsMax: limits.lots_max });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = check();
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    const confirmed = await confirmDialog({
      title: t(mine ? 'copy.editFollow' : 'copy.follow'),
      content: t(mine ? 'copy.form.confirmEdit' : 'copy.form.confirmFollow', { name: trader.name, setting: setting(type, checked.kept), rate: ratePercent(rate) }),
      confirmText: t('copy.form.confirm'),
      cancelText: t('copy.keep'),
    });
    if (!confirmed) return;
    try {
      const saved = await follow.mutateAsync({ trader_user_id: trader.trader_user_id, number: text, type });
      toastSuccess(t('copy.form.saved', { name: trader.name, setting: setting(saved.type, saved.number) }));
      navigate(COPY_HUB_PATH, { replace: true });
    } catch {
      // The api client has shown the server's refusal.
    }
  }

  async function cancelFollow() {
    if (!mine) return;
    if (await cancel.ask(mine)) navigate(COPY_HUB_PATH, { replace: true });
  }

  return (
    <>
      <section className="card copy-head" aria-label={trader.name}>
        <TraderName name={trader.name} demo={trader.demo} />
        {mine && <p className="muted">{t('copy.youFollow', { setting: setting(mine.type, mine.number) })}</p>}
        <Figures
          className="copy-figures"
          rows={[
            [t('copy.form.profitShare'), ratePercent(rate)],
            [t('copy.form.multipleMax'), `${limits.ratio_max}x`],
            [t('copy.form.lotsMax'), String(limits.lots_max)],
            [t('copy.form.tradersMax'), String(limits.traders_per_follower_max)],
            [t('copy.form.balance'), available === undefined ? '--' : amountText(displayBalance(available))],
          ]}
        />
        {available !== undefined && !isPositive(available) && (
          <div className="funds-notice" role="note">
            <p>{t('copy.form.noFunds', { coin: COPY_COIN })}</p>
            <Link className="pill pill--ghost" to={transferPath('contract', contract?.currencyId)}>
              {t('copy.form.transfer')}
            </Link>
          </div>
        )}
      </section>
      <form className="card copy-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('copy.form.title')}>
        <SegmentTabs
          label={t('copy.form.type')}
          kind="toggles"
          variant="pill"
          options={TYPES.map((value) => ({ value, label: t(`copy.type.${value}`) }))}
          value={type}
          onChange={(next) => {
            setType(next);
            setError(undefined);
          }}
        />
        <p className="copy-hint">{t(type === 'multiple' ? 'copy.form.multipleHint' : 'copy.form.lotsHint')}</p>
        <Field
          label={t(type === 'multiple' ? 'copy.form.multiple' : 'copy.form.lots')}
          inputMode={type === 'multiple' ? 'decimal' : 'numeric'}
          placeholder={t(type === 'multiple' ? 'copy.form.multiplePlaceholder' : 'copy.form.lotsPlaceholder', { max: type === 'multiple' ? limits.ratio_max : limits.lots_max })}
          value={number}
          onChange={(next) => {
            setNumber(next);
            setError(undefined);
          }}
          error={error}
        />
        <Figures
          className="copy-figures copy-preview"
          label={t('copy.form.preview')}
          rows={[
            [t('copy.form.kept'), kept === null ? '--' : setting(type, kept)],
            [
              t('copy.form.example', { lots: EXAMPLE_TRADER_LOTS }),
              example === null ? '--' : 'lots' in example ? t('copy.form.exampleLots', { count: example.lots }) : t('copy.form.exampleSkip', { min: LOTS_MIN }),
            ],
          ]}
        />
        {kept !== null && kept !== text && <p className="copy-hint">{t('copy.form.rounded', { typed: text, kept })}</p>}
        <p className="copy-hint">{t('copy.form.rules', { rate: ratePercent(rate) })}</p>
        <Button block color="primary" shape="rounded" type="submit" loading={follow.isPending}>
          {t(mine ? 'copy.form.save' : 'copy.follow')}
        </Button>
        {mine && (
          <Button block shape="rounded" fill="outline" color="danger" disabled={cancel.pending} onClick={() => void cancelFollow()}>
            {t('copy.cancelFollow.action')}
          </Button>
        )}
      </form>
    </>
  );
}

/**
 * What the follower's contract account has available in the copy coin (and the coin's id, for the
 * transfer screen): copies take their margin and fee from it, and each one it cannot pay is skipped.
 * Undefined until the wallet answers.
 */
function useContractAvailable(): { available: string; currencyId?: number } | undefined {
  const wallet = useWalletList();
  if (!wallet.data) return undefined;
  const coin = wallet.data.accounts.find((account) => account.kind === 'contract')?.balance.find((c) => c.currency === COPY_COIN);
  return { available: coin?.available ?? '0', currencyId: coin?.currency_id };
}
