import { displayBalance } from '@fairex/contract/money';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useRechargeLog, useWithdrawalList, type Page } from '../../api/funds.ts';
import { Empty, useFormatTime, LoadMore } from '../../components/funds/funds.tsx';
import { PageState } from '../../components/funds/page-state.tsx';
import { NavBar } from '../../components/nav-bar.tsx';

const STATUSES = ['pending', 'confirmed', 'approved', 'rejected'] as const;
type Status = (typeof STATUSES)[number];
const isStatus = (status: string): status is Status => (STATUSES as readonly string[]).includes(status);

type Row = { id: number; currency: string; network: string; amount: string; status: string; reason: string | null; created_at: string };

function RecordList<T extends Row>({ query }: { query: UseInfiniteQueryResult<InfiniteData<Page<T>>> }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  return (
    <PageState query={query}>
      {(data) => {
        const rows: Row[] = data.pages.flatMap((page) => page.data);
        if (rows.length === 0) return <Empty />;
        return (
          <>
            <ul className="funds-list">
              {rows.map((row) => (
                <li key={row.id} className="funds-list__item">
                  <div className="funds-list__row">
                    <span className="funds-list__main">
                      {displayBalance(row.amount)} {row.currency} · {row.network}
                    </span>
                    <span>{isStatus(row.status) ? t(`funds.status.${row.status}`) : row.status}</span>
                  </div>
                  <div className="funds-list__sub">{formatTime(row.created_at)}</div>
                  {row.reason && <div className="funds-list__sub">{t('funds.reason', { reason: row.reason })}</div>}
                </li>
              ))}
            </ul>
            <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onMore={() => void query.fetchNextPage()} />
          </>
        );
      }}
    </PageState>
  );
}

function Recharges() {
  return <RecordList query={useRechargeLog()} />;
}

function Withdrawals() {
  return <RecordList query={useWithdrawalList()} />;
}

/** Deposit and withdrawal records (GET /recharge/log and GET /user/withdraw/list), 10 a page each. */
export function ReceiveWithdrawRecordPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('deposit');
  return (
    <div className="page">
      <NavBar title={t('page.depositWithdrawRecords')} />
      <div className="page__body">
        <section className="card">
          <Tabs className="type-tabs" activeKey={tab} onChange={setTab}>
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
