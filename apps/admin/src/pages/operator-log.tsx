import { Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminApi, type OperatorLogRow } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { emptyPage, loadOr, pageQueryOf } from '../load.ts';
import { usePaging } from '../paging.ts';

export async function operatorLogLoader({ request }: LoaderFunctionArgs) {
  const query = pageQueryOf(request);
  return loadOr(() => adminApi.operatorLog(query), emptyPage<OperatorLogRow>(query));
}

const detailText = (detail: unknown) => (detail && typeof detail === 'object' && Object.keys(detail).length === 0 ? '' : JSON.stringify(detail));

export function OperatorLogPage() {
  const result = useLoaderData<typeof operatorLogLoader>();
  const { pagination, busy } = usePaging(result);
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
      <Table<OperatorLogRow> rowKey="id" columns={columns} dataSource={result.data} pagination={pagination} loading={busy} />
    </Flex>
  );
}
