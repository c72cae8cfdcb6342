import { Button, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminApi, type ReviewStatus, type WithdrawalRow } from '../api.ts';
import { PromptModal } from '../components/prompt-modal.tsx';
import { ReviewFilters } from '../components/review-filters.tsx';
import { amountColumn, useDecisionColumns, UserCell } from '../components/review-cells.tsx';
import { useI18n, type MessageKey } from '../i18n.tsx';
import { emptyPage, loadOr } from '../load.ts';
import { usePaging } from '../paging.ts';
import { loadCurrencies, queueQueryOf, useDecision } from '../review-queue.ts';

const STATUSES: readonly ReviewStatus[] = ['pending', 'approved', 'rejected'];

/** The labelled fields of a destination: an address's name, address and network, or a card's fields. */
const FIELD_LABELS: Record<string, MessageKey> = {
  name: 'field.name',
  address: 'field.address',
  network: 'field.network',
  real_name: 'field.real_name',
  bank_account: 'field.bank_account',
  bank_name: 'field.bank_name',
  bank_branch: 'field.bank_branch',
  province: 'field.province',
  city: 'field.city',
  phone: 'field.phone',
  aba_number: 'field.aba_number',
  swift_code: 'field.swift_code',
  bank_network: 'field.bank_network',
  holder_address: 'field.holder_address',
};

function Destination({ row }: { row: WithdrawalRow }) {
  const { t } = useI18n();
  return (
    <Flex vertical gap={2} style={{ maxWidth: 360 }}>
      <Tag style={{ alignSelf: 'flex-start' }}>{t(`withdrawals.type.${row.destination_type}`)}</Tag>
      {Object.entries(row.destination ?? {}).map(([field, value]) => (
        <Typography.Text key={field} style={{ fontSize: 12 }} copyable={field === 'address' || field === 'bank_account'}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field}:
          </Typography.Text>{' '}
          {String(value)}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** Withdrawals frozen on request; approval sends them out with a reference, rejection unfreezes them. */
export async function withdrawalsLoader({ request }: LoaderFunctionArgs) {
  const query = queueQueryOf(request);
  const [page, currencies] = await Promise.all([loadOr(() => adminApi.withdrawals(query), emptyPage<WithdrawalRow>(query)), loadCurrencies()]);
  return { page, currencies };
}

type Pending = { row: WithdrawalRow; decision: 'approve' | 'reject' };

export function WithdrawalsPage() {
  const { page, currencies } = useLoaderData<typeof withdrawalsLoader>();
  const { pagination, busy } = usePaging(page);
  const { t } = useI18n();
  const decide = useDecision();
  const [pending, setPending] = useState<Pending | null>(null);
  const approving = pending?.decision === 'approve';

  const decisionColumns = useDecisionColumns<WithdrawalRow>(
    (row) => (
      <Flex gap="small">
        <Button type="primary" onClick={() => setPending({ row, decision: 'approve' })}>
          {t('review.approve')}
        </Button>
        <Button danger onClick={() => setPending({ row, decision: 'reject' })}>
          {t('review.reject')}
        </Button>
      </Flex>
    ),
    // An approved withdrawal shows its transaction reference.
    (row) => row.reason ?? (row.reference ? `${t('withdrawals.reference')}: ${row.reference}` : null),
  );
  const columns: TableColumnsType<WithdrawalRow> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('review.user'), key: 'user', render: (_, row) => <UserCell id={row.user_id} account={row.account} /> },
    { title: t('review.currency'), dataIndex: 'currency', render: (currency: string, row) => (row.network ? `${currency} · ${row.network}` : currency) },
    { title: t('withdrawals.destination'), key: 'destination', render: (_, row) => <Destination row={row} /> },
    { title: t('withdrawals.number'), dataIndex: 'number', ...amountColumn },
    { title: t('withdrawals.fee'), dataIndex: 'fee', ...amountColumn },
    { title: t('withdrawals.arrival'), dataIndex: 'arrival', ...amountColumn },
    ...decisionColumns,
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('withdrawals.title')}</Typography.Title>
      <ReviewFilters statuses={STATUSES} currencies={currencies} />
      <Table<WithdrawalRow> rowKey="id" columns={columns} dataSource={page.data} pagination={pagination} loading={busy} scroll={{ x: 'max-content' }} />
      <PromptModal
        // One modal per decision kind, so the text typed for one is not offered to the other.
        key={pending?.decision ?? 'none'}
        open={pending !== null}
        title={t(approving ? 'withdrawals.approveTitle' : 'withdrawals.rejectTitle', { id: pending?.row.id ?? '' })}
        label={t(approving ? 'withdrawals.reference' : 'review.reason')}
        extra={approving ? t('withdrawals.referenceHint') : undefined}
        required={t(approving ? 'withdrawals.referenceRequired' : 'review.reasonRequired')}
        okText={t(approving ? 'review.approve' : 'review.reject')}
        cancelText={t('review.cancel')}
        danger={!approving}
        onCancel={() => setPending(null)}
        onSubmit={async (text) => {
          const { row, decision } = pending!;
          const done = await decide(() => (decision === 'approve' ? adminApi.approveWithdrawal(row.id, text) : adminApi.rejectWithdrawal(row.id, text)));
          if (done) setPending(null);
          return done;
        }}
      />
    </Flex>
  );
}
