import { Flex, Image, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminApi, type IdentityRow, type ReviewStatus } from '../api.ts';
import { ReviewFilters } from '../components/review-filters.tsx';
import { ConfirmOrReject, RejectModal, Thumbnail, useDecisionColumns, UserCell } from '../components/review-cells.tsx';
import { useI18n, type MessageKey } from '../i18n.tsx';
import { emptyPage, loadOr } from '../load.ts';
import { usePaging } from '../paging.ts';
import { queueQueryOf, useDecision } from '../review-queue.ts';

const STATUSES: readonly ReviewStatus[] = ['pending', 'approved', 'rejected'];
const ID_TYPES: Record<string, MessageKey> = {
  id_card: 'identity.idType.id_card',
  passport: 'identity.idType.passport',
  driver_licence: 'identity.idType.driver_licence',
};

/** Basic (name and ID number) and advanced (ID photos) verifications waiting for a decision. */
export async function identityReviewsLoader({ request }: LoaderFunctionArgs) {
  const query = queueQueryOf(request);
  return loadOr(() => adminApi.identity(query), emptyPage<IdentityRow>(query));
}

export function IdentityReviewsPage() {
  const page = useLoaderData<typeof identityReviewsLoader>();
  const { pagination, busy } = usePaging(page);
  const { t } = useI18n();
  const decide = useDecision();
  const [rejecting, setRejecting] = useState<IdentityRow | null>(null);

  const decisionColumns = useDecisionColumns<IdentityRow>((row) => (
    <ConfirmOrReject
      label={t('review.approve')}
      question={t('identity.approveQuestion', { account: row.account })}
      onConfirm={() => decide(() => adminApi.approveIdentity(row.id))}
      onReject={() => setRejecting(row)}
    />
  ));
  const columns: TableColumnsType<IdentityRow> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('review.user'), key: 'user', render: (_, row) => <UserCell id={row.user_id} account={row.account} /> },
    {
      title: t('identity.level'),
      dataIndex: 'level',
      render: (level: number) => <Tag color={level === 2 ? 'purple' : 'blue'}>{t(level === 2 ? 'identity.advanced' : 'identity.basic')}</Tag>,
    },
    { title: t('identity.name'), dataIndex: 'name' },
    { title: t('identity.idType'), dataIndex: 'id_type', render: (idType: string | null) => (idType ? (ID_TYPES[idType] ? t(ID_TYPES[idType]) : idType) : null) },
    {
      title: t('identity.cardId'),
      dataIndex: 'card_id',
      render: (cardId: string | null, row) => (
        <Flex gap="small" align="center">
          {cardId}
          {row.duplicate && <Tag color="red">{t('identity.duplicate')}</Tag>}
        </Flex>
      ),
    },
    {
      title: `${t('identity.frontPic')} / ${t('identity.reversePic')}`,
      key: 'pictures',
      render: (_, row) =>
        (row.front_pic || row.reverse_pic) && (
          <Image.PreviewGroup>
            <Flex gap="small">
              <Thumbnail src={row.front_pic} alt={`${t('identity.frontPic')} #${row.id}`} />
              <Thumbnail src={row.reverse_pic} alt={`${t('identity.reversePic')} #${row.id}`} />
            </Flex>
          </Image.PreviewGroup>
        ),
    },
    ...decisionColumns,
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('identity.title')}</Typography.Title>
      <ReviewFilters statuses={STATUSES} levels />
      <Table<IdentityRow> rowKey="id" columns={columns} dataSource={page.data} pagination={pagination} loading={busy} scroll={{ x: 'max-content' }} />
      <RejectModal
        row={rejecting}
        title={(id) => t('identity.rejectTitle', { id })}
        onClose={() => setRejecting(null)}
        reject={(row, reason) => decide(() => adminApi.rejectIdentity(row.id, reason))}
      />
    </Flex>
  );
}
