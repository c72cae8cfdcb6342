import { displayBalance } from '@fairex/contract/money';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useRechargeLog, useWithdrawalList, type RechargeRow, type WithdrawalDestination, type WithdrawalRow } from '../../api/funds.ts';
import { PagedList } from '../../components/paged-list.tsx';
import { NavBar } from '../../components/nav-bar.tsx';
import { useRelativeTime } from '../../components/relative-time.ts';
import { useTabParam } from '../../components/use-tab-param.ts';

const STATUSES = ['pending', 'confirmed', 'approved', 'rejected'] as const;
type Status = (typeof STATUSES)[number];
const isStatus = (status: string): status is Status => (STATUSES as readonly string[]).includes(status);

const TABS = ['deposit', 'withdraw'] as const;
type Tab = (typeof TABS)[number];

/** Where a withdrawal went: the address (and its name), or the card by bank and the last four digits. */
function destinationLabel(destination: WithdrawalDestination | null): string {
  if (!destination) return '--';
  if (destination.address) return destination.name ? `${destination.name} · ${destination.address}` : destination.address;
  return `${destination.bank_name ?? ''} · **** ${(destination.bank_account ?? '').slice(-4)}`;
}

function useStatusLabel() {
  const { t } = useTranslation();
  return (status: string) => (isStatus(status) ? t(`funds.status.${status}`) : status);
}

function RechargeItem({ row }: { row: RechargeRow }) {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  const statusLabel = useStatusLabel();
  return (
    <>
      <div className="funds-list__row">
        <span className="funds-list__main">
          {displayBalance(row.amount)} {row.currency} · {row.network}
        </span>
        <span>{statusLabel(row.status)}</span>
      </div>
      <div className="funds-list__sub">{shownAt(Date.parse(row.created_at))}</div>
      {row.reason && <div className="funds-list__sub">{t('funds.reason', { reason: row.reason })}</div>}
    </>
  );
}

/** A withdrawal with where it went, its fee and what arrives (spec section 9 time). */
function WithdrawalItem({ row }: { row: WithdrawalRow }) {
  const { t } = useTranslation();
  const shownAt = useRelativeTime();
  const statusLabel = useStatusLabel();
  return (
    <>
      <div className="funds-list__row">
        <span className="funds-list__main">
          {displayBalance(row.number)} {row.currency} · {row.network}
        </span>
        <span>{statusLabel(row.status)}</span>
      </div>
      <dl className="funds-figures funds-figures--rows funds-record">
        <div>
          <dt>{t('funds.destination')}</dt>
          <dd className="funds-record__destination">{destinationLabel(row.destination)}</dd>
        </div>
        <div>
          <dt>{t('funds.fee')}</dt>
          <dd>
            {row.fee} {row.currency}
          </dd>
        </div>
        <div>
          <dt>{t('funds.arrival')}</dt>
          <dd>
            {row.arrival} {row.currency}
          </dd>
        </div>
      </dl>
      <div className="funds-list__sub">{shownAt(Date.parse(row.created_at))}</div>
      {row.reason && <div className="funds-list__sub">{t('funds.reason', { reason: row.reason })}</div>}
    </>
  );
}

function Recharges() {
  const { t } = useTranslation();
  return (
    <PagedList query={useRechargeLog()} label={t('funds.deposit')} keyOf={(row) => row.id} className="funds-list" itemClassName="funds-list__item">
      {(row) => <RechargeItem row={row} />}
    </PagedList>
  );
}

function Withdrawals() {
  const { t } = useTranslation();
  return (
    <PagedList query={useWithdrawalList()} label={t('funds.withdraw')} keyOf={(row) => row.id} className="funds-list" itemClassName="funds-list__item">
      {(row) => <WithdrawalItem row={row} />}
    </PagedList>
  );
}

/**
 * Deposit and withdrawal records (GET /recharge/log and GET /user/withdraw/list), 10 a page each; the
 * tab lives in the address (?tab=withdraw), so a submitted withdrawal opens its own tab.
 */
export function ReceiveWithdrawRecordPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useTabParam(TABS);
  return (
    <div className="page">
      <NavBar title={t('page.depositWithdrawRecords')} />
      <div className="page__body">
        <section className="card">
          <Tabs className="type-tabs" activeKey={tab} onChange={(key) => setTab(key as Tab)}>
            <Tabs.Tab title={t('funds.deposit')} key="deposit">
              <Recharges />
            </Tabs.Tab>
            <Tabs.Tab title={t('funds.withdraw')} key="withdraw">
              <Withdrawals />
            </Tabs.Tab>
          </Tabs>
        </section>
      </div>
    </div>
  );
}
