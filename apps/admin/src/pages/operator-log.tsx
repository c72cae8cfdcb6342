import { Alert, Button, Card, Descriptions, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { adminApi, type OperatorLogRow } from '../api.ts';
import { transparencyApi, type OperatorLogChainCheck, type OperatorLogHeadView } from '../api-transparency.ts';
import { useI18n } from '../i18n.tsx';
import { emptyPage, loadOr, pageQueryOf } from '../load.ts';
import { usePaging } from '../paging.ts';

/** The page of entries, and the server's check of the whole hash chain with the recent daily heads. */
export async function operatorLogLoader({ request }: LoaderFunctionArgs) {
  const query = pageQueryOf(request);
  const [page, chain, heads] = await Promise.all([
    loadOr(() => adminApi.operatorLog(query), emptyPage<OperatorLogRow>(query)),
    loadOr(() => transparencyApi.verifyOperatorLog(), null),
    loadOr(() => transparencyApi.operatorLogHeads(), [] as OperatorLogHeadView[]),
  ]);
  return { page, chain, heads };
}

const detailText = (detail: unknown) => (detail && typeof detail === 'object' && Object.keys(detail).length === 0 ? '' : JSON.stringify(detail));

/** Verified (with the entry count and the head) or the first broken entry, in red. */
function ChainState({ chain }: { chain: OperatorLogChainCheck | null }) {
  const { t } = useI18n();
  const revalidator = useRevalidator();
  const again = (
    <Button size="small" loading={revalidator.state === 'loading'} onClick={() => void revalidator.revalidate()}>
      {t('chain.checkAgain')}
    </Button>
  );
  if (!chain) return <Alert role="status" type="warning" showIcon title={t('chain.notChecked')} action={again} />;
  if (!chain.ok)
    return <Alert role="alert" type="error" showIcon title={t('chain.broken', { seq: chain.first_broken_seq ?? '?' })} description={t('chain.brokenHint')} action={again} />;
  return (
    <Alert
      role="status"
      type="success"
      showIcon
      title={chain.head ? t('chain.verified') : t('chain.empty')}
      action={again}
      description={
        chain.head && (
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'entries', label: t('chain.entries'), children: chain.entries },
              { key: 'head', label: t('chain.head'), children: <Typography.Text code copyable>{`#${chain.head.seq} ${chain.head.hash}`}</Typography.Text> },
              { key: 'heads', label: t('chain.headsChecked'), children: chain.heads_checked },
            ]}
          />
        )
      }
    />
  );
}

function HeadsCard({ heads }: { heads: OperatorLogHeadView[] }) {
  const { t } = useI18n();
  return (
    <Card size="small" title={t('chain.heads')}>
      <Typography.Paragraph type="secondary">{t('chain.headsHint')}</Typography.Paragraph>
      <Table<OperatorLogHeadView>
        rowKey="day"
        size="small"
        pagination={false}
        dataSource={heads}
        locale={{ emptyText: t('chain.noHeads') }}
        columns={[
          { title: t('chain.day'), dataIndex: 'day', width: 130 },
          { title: t('chain.seq'), dataIndex: 'seq', width: 90 },
          { title: t('chain.hash'), dataIndex: 'hash', render: (hash: string) => <Typography.Text code>{hash}</Typography.Text> },
        ]}
      />
    </Card>
  );
}

export function OperatorLogPage() {
  const { page, chain, heads } = useLoaderData<typeof operatorLogLoader>();
  const { pagination, busy } = usePaging(page);
  const { t, formatTime } = useI18n();

  const columns: TableColumnsType<OperatorLogRow> = [
    { title: t('operatorLog.createdAt'), dataIndex: 'created_at', render: formatTime, width: 180 },
    { title: t('operatorLog.operator'), dataIndex: 'operator' },
    { title: t('operatorLog.action'), dataIndex: 'action' },
    { title: t('operatorLog.target'), dataIndex: 'target' },
    {
      title: t('operatorLog.detail'),
      dataIndex: 'detail',
      render: (detail: unknown) => {
        const text = detailText(detail);
        return text ? <Typography.Text code>{text}</Typography.Text> : null;
      },
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('operatorLog.title')}</Typography.Title>
      <ChainState chain={chain} />
      <HeadsCard heads={heads} />
      <Table<OperatorLogRow> rowKey="id" columns={columns} dataSource={page.data} pagination={pagination} loading={busy} />
    </Flex>
  );
}
