import { cmp, displayBalance, isPositive, minOf, money, sub, truncateTo } from '@fairex/contract/money';
import { ieoCost } from '@fairex/contract/rules';
import { isAmount } from '@fairex/contract/validators';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ieoKeys, useIeoProject, useSubscribeIeo, type IeoProject } from '../../api/ieo.ts';
import { AmountField } from '../../components/field.tsx';
import { AccountNote, shortfallOf } from '../../components/funds/account-note.tsx';
import { useFormatTime } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { Countdown, ProgressBar, StateBadge } from '../../components/ieo/ieo.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { NotFound } from '../../components/not-found.tsx';
import { Figures } from '../../components/wealth/figures.tsx';
import { confirmThenSend } from '../../notify.ts';
import { usePreloadFeedback } from '../../components/preload-feedback.ts';

const LIST_PATH = '/pages/ieo/ieo';
const ORDERS_PATH = '/pages/ieo/order';

/** The project id of the query string, or undefined when it is missing or not a positive whole number. */
function projectIdOf(params: URLSearchParams): number | undefined {
  const id = Number(params.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * /pages/ieo/subscribe?id=: a project's terms (issue price, issuance, links, lock period, cycle, times,
 * applied, passed and remaining quantities) and the subscription form: the cost previewed by the rule
 * the server charges by (ieoCost: rounded up to the pay coin's unit), the pay balance, "All" (the most
 * tokens the balance buys within the per-user cap), then a confirmation. Closed outside the subscription,
 * saying why. Without an id it goes to the list; an unknown id, or a project taken down, says so with a
 * link to the list.
 */
export function IeoSubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = projectIdOf(params);
  if (params.get('id') === null) return <Navigate to={LIST_PATH} replace />;
  const gone = <NotFound title={t('wealth.projectGone')} backTo={LIST_PATH} backLabel={t('wealth.backToList')} />;
  return (
    <div className="page">
      <NavBar title={t('page.subscribe')} />
      <div className="page__body">{id === undefined ? gone : <Project id={id} gone={gone} />}</div>
    </div>
  );
}

function Project({ id, gone }: { id: number; gone: ReactNode }) {
  const project = useIeoProject(id);
  return (
    <PageState query={project} notFound={gone}>
      {(data) => (
        <>
          <Terms project={data} />
          <SubscribeForm key={data.id} project={data} />
        </>
      )}
    </PageState>
  );
}

/** A link the operator gave, opened outside the app, or "not provided". */
function ExternalLink({ href }: { href: string }) {
  const { t } = useTranslation();
  if (!href) return <>{t('ieo.notProvided')}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {t('ieo.open')}
    </a>
  );
}

function Terms({ project }: { project: IeoProject }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ieoKeys.project(project.id) });
  const token = project.currency;
  return (
    <section className="card ieo-stack">
      <div className="ieo-card__head">
        <h2 className="ieo-card__name">{project.name}</h2>
        <StateBadge state={project.state} />
      </div>
      {project.description && <p className="ieo-description">{project.description}</p>}
      <ProgressBar percent={project.progress} />
      <Countdown state={project.state} startAt={project.start_at} endAt={project.end_at} onDone={refresh} />
      <Figures
        className="ieo-facts"
        rows={[
          [t('ieo.issuePrice'), `${project.price} ${project.pay_currency}`],
          [t('ieo.totalIssuance'), `${project.total_issuance} ${token}`],
          [t('ieo.whitePaper'), <ExternalLink href={project.white_paper} />],
          [t('ieo.website'), <ExternalLink href={project.website} />],
          [t('ieo.lockPeriod'), project.lock_days > 0 ? project.lock_days : t('ieo.noLock')],
          [t('ieo.cycle'), project.cycle_days],
          [t('ieo.startTime'), formatTime(project.start_at)],
          [t('ieo.endTime'), formatTime(project.end_at)],
          [t('ieo.listing'), project.listing_at === null ? t('ieo.toBeAnnounced') : formatTime(project.listing_at)],
          [t('ieo.applied'), `${project.applied} ${token}`],
          [t('ieo.passed'), project.allocated ? `${project.passed} ${token}` : t('ieo.passedPending')],
          [t('ieo.remaining'), `${project.remaining} ${token}`],
        ]}
      />
    </section>
  );
}

/** What the user may still apply for under the per-user cap (undefined: no cap). */
function capLeft(project: IeoProject): string | undefined {
  if (project.amount_max_per_user === null) return undefined;
  const left = sub(project.amount_max_per_user, project.my_applied ?? '0');
  return isPositive(left) ? left : '0';
}

/** The most tokens the balance buys at the issue price, rounded down to the token's unit, within the cap. */
function mostAffordable(project: IeoProject): string {
  const byBalance = truncateTo(money(project.pay_balance ?? '0').dividedBy(project.price), project.currency_decimals);
  const left = capLeft(project);
  return left === undefined ? byBalance : minOf(byBalance, left);
}

function SubscribeForm({ project }: { project: IeoProject }) {
  const { t } = useTranslation();
  usePreloadFeedback();
  const navigate = useNavigate();
  const formatTime = useFormatTime();
  const subscribe = useSubscribeIeo();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const token = project.currency;
  const coin = project.pay_currency;
  const balance = project.pay_balance ?? '0';
  const valid = isAmount(amount) && isPositive(amount) && money(amount).decimalPlaces() <= project.currency_decimals;
  const cost = valid ? ieoCost(amount, project.price, project.pay_decimals) : '0';
  const open = project.state === 'in_progress';
  const left = capLeft(project);

  /** The first rule the quantity breaks, in the order the server checks them. */
  function problemOf(value: string): string | undefined {
    if (!isAmount(value) || !isPositive(value)) return t('ieo.wrongAmount');
    if (cmp(value, project.amount_min) < 0) return t('ieo.belowMin', { min: project.amount_min, token });
    if (money(value).decimalPlaces() > project.currency_decimals) return t('ieo.tooFine', { decimals: project.currency_decimals, token });
    if (left !== undefined && cmp(value, left) > 0) return t('ieo.overCap', { left, token });
    if (cmp(ieoCost(value, project.price, project.pay_decimals), balance) > 0) return t('ieo.insufficient');
    return undefined;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = amount.trim();
    const problem = problemOf(value);
    if (problem) return setError(problem);
    const price = ieoCost(value, project.price, project.pay_decimals);
    const sent = await confirmThenSend(
      { title: t('ieo.confirmTitle'), content: t('ieo.confirm', { amount: value, token, cost: price, coin }), confirmText: t('ieo.confirmOk'), cancelText: t('ieo.cancel') },
      () => subscribe.mutateAsync({ project_id: project.id, amount: value, pay_currency: project.pay_currency_id, price: project.price }),
      t('ieo.subscribed'),
    );
    if (sent) navigate(ORDERS_PATH);
  }

  return (
    <form className="card ieo-form" onSubmit={(event) => void submit(event)} noValidate>
      <AmountField
        label={t('ieo.amount', { token })}
        placeholder={t('ieo.amountPlaceholder')}
        value={amount}
        disabled={!open}
        onChange={(value) => {
          setAmount(value.trim());
          setError(undefined);
        }}
        error={error}
        allLabel={t('ieo.all')}
        allDisabled={!open}
        onAll={() => {
          setAmount(mostAffordable(project));
          setError(undefined);
        }}
      />
      <Figures
        className="ieo-facts"
        rows={[
          [t('ieo.cost'), `${cost} ${coin}`],
          [t('ieo.available'), `${displayBalance(balance)} ${coin}`],
        ]}
      />
      <AccountNote kind="ieo" currencyId={project.pay_currency_id} shortfall={shortfallOf(cost, balance, coin)} />
      <p className="ieo-hint">
        {left === undefined
          ? t('ieo.limits', { min: project.amount_min, token })
          : t('ieo.limitsCapped', { min: project.amount_min, max: project.amount_max_per_user, token, mine: project.my_applied ?? '0' })}
      </p>
      <p className="ieo-hint">{t('ieo.howItWorks')}</p>
      <Button type="submit" block color="primary" size="large" shape="rounded" disabled={!open} loading={subscribe.isPending}>
        {t('ieo.submit')}
      </Button>
      {!open && (
        <p className="ieo-reason" role="status">
          {project.state === 'warmup' ? t('ieo.notStarted', { time: formatTime(project.start_at) }) : t('ieo.ended')}
        </p>
      )}
    </form>
  );
}
