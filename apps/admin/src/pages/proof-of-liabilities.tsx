import { Button, Card, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { transparencyApi, type LiabilitiesSnapshotView } from '../api-transparency.ts';
import { useI18n } from '../i18n.tsx';
import { loadOr } from '../load.ts';
import { useDecision } from '../review-queue.ts';

/** The published snapshots, newest first (the public list the app's transparency page reads too); admins only. */
export const proofOfLiabilitiesLoader = (): Promise<LiabilitiesSnapshotView[]> => loadOr(() => transparencyApi.liabilitiesSnapshots(), []);

/** Each coin's total beside its name, in the snapshot's coin order. */
function Totals({ snapshot }: { snapshot: LiabilitiesSnapshotView }) {
  return (
    <Flex vertical>
      {snapshot.coins.map((coin, i) => (
        <span key={coin}>
          {coin} {snapshot.totals[i]}
        </span>
      ))}
    </Flex>
  );
}

export function ProofOfLiabilitiesPage() {
  const snapshots = useLoaderData<typeof proofOfLiabilitiesLoader>();
  const { t, formatTime } = useI18n();
  const decide = useDecision();
  const [taking, setTaking] = useState(false);

  const take = async () => {
    setTaking(true);
    await decide(() => transparencyApi.takeLiabilitiesSnapshot(), t('liabilities.taken'));
    setTaking(false);
  };

  const columns: TableColumnsType<LiabilitiesSnapshotView> = [
    { title: t('liabilities.day'), dataIndex: 'day', width: 120 },
    { title: t('liabilities.takenAt'), dataIndex: 'taken_at', render: formatTime, width: 180 },
    {
      title: t('liabilities.reason'),
      key: 'reason',
      render: (_, s) => (
        <Flex gap={4}>
          <Tag>{t(`liabilities.reason.${s.reason}`)}</Tag>
          {s.demo && <Tag color="orange">{t('liabilities.demo')}</Tag>}
        </Flex>
      ),
    },
    { title: t('liabilities.users'), dataIndex: 'leaf_count', width: 90 },
    { title: t('liabilities.totals'), key: 'totals', render: (_, s) => <Totals snapshot={s} /> },
    { title: t('liabilities.root'), dataIndex: 'root', render: (root: string) => <Typography.Text code copyable>{root}</Typography.Text> },
  ];

  return (
    <Flex vertical gap="middle">
      <Flex align="center" justify="space-between">
        <Typography.Title level={3}>{t('liabilities.title')}</Typography.Title>
        <Button type="primary" loading={taking} onClick={() => void take()}>
          {t('liabilities.take')}
        </Button>
      </Flex>
      <Card size="small">
        <Typography.Paragraph type="secondary">{t('liabilities.hint')}</Typography.Paragraph>
        <Table<LiabilitiesSnapshotView> rowKey="id" size="small" columns={columns} dataSource={snapshots} pagination={false} locale={{ emptyText: t('liabilities.none') }} />
      </Card>
    </Flex>
  );
}
