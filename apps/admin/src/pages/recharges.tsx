import { Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminApi, type RechargeRow, type ReviewStatus } from '../api.ts';
import { ReviewFilters } from '../components/review-filters.tsx';
import { amountColumn, ConfirmOrReject, RejectModal, Thumbnail, useDecisionColumns, UserCell } from '../components/review-cells.tsx';
import { useI18n } from '../i18n.tsx';
import { emptyPage, loadOr } from '../load.ts';
import { usePaging } from '../paging.ts';
import { loadCurrencies, queueQueryOf, useDecision } from '../review-queue.ts';

const STATUSES: readonly ReviewStatus[] = ['pending', 'confirmed', 'rejected'];

/** Deposits users declared with a payment voucher; confirming credits them through the ledger, once. */
export async function rechargesLoader({ request }: LoaderFunctionArgs) {
  const query = queueQueryOf(request);
  const [page, currencies] = await Promise.all([loadOr(() => adminApi.recharges(query), emptyPage<RechargeRow>(query)), loadCurrencies()]);
  return { page, currencies };
}

export function RechargesPage() {
  const { page, currencies } = useLoaderData<typeof rechargesLoader>();
  const { pagination, busy } = usePaging(page);
  const { t } = useI18n();
  const decide = useDecision();
  const [rejecting, setRejecting] = useState<RechargeRow | null>(null);

  const decisionColumns = useDecisionColumns<RechargeRow>((row) => (
    <ConfirmOrReject
      label={t('review.confirm')}
      question={t('recharges.confirmQuestion', { amount: row.amount, currency: row.currency, account: row.account })}
      onConfirm={() => decide(() => adminApi.confirmRecharge(row.id))}
      onReject={() => setRejecting(row)}
    />
  ));
  const columns: TableColumnsType<RechargeRow> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('review.user'), key: 'user', render: (_, row) => <UserCell id={row.user_id} account={row.account} /> },
    { title: t('review.currency'), dataIndex: 'currency' },
    { title: t('recharges.network'), dataIndex: 'network' },
    { title: t('recharges.amount'), dataIndex: 'amount', ...amountColumn },
    {
      title: t('recharges.voucher'),
      dataIndex: 'voucher',
      render: (voucher: string, row) => <Thumbnail src={voucher} alt={`${t('recharges.voucher')} #${row.id}`} />,
    },
    ...decisionColumns,
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('recharges.title')}</Typography.Title>
      <ReviewFilters statuses={STATUSES} currencies={currencies} />
      <Table<RechargeRow> rowKey="id" columns={columns} dataSource={page.data} pagination={pagination} loading={busy} scroll={{ x: 'max-content' }} />
      <RejectModal
        row={rejecting}
        title={(id) => t('recharges.rejectTitle', { id })}
        onClose={() => setRejecting(null)}
        reject={(row, reason) => decide(() => adminApi.rejectRecharge(row.id, reason))}
      />
    </Flex>
  );
}
