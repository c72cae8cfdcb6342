import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminApi, type OutboxRow } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { emptyPage, loadOr, pageQueryOf } from '../load.ts';
import { usePaging } from '../paging.ts';

/**
 * Mail and SMS the platform sent or would have sent. The server masks verification codes for every
 * role but admin, and for everyone once delivered (admin/repository.ts pageOutbox).
 */
export async function outboxLoader({ request }: LoaderFunctionArgs) {
  const query = pageQueryOf(request);
  return loadOr(() => adminApi.outbox(query), emptyPage<OutboxRow>(query));
}

export function OutboxPage() {
  const result = useLoaderData<typeof outboxLoader>();
  const { pagination, busy } = usePaging(result);
  const { t, formatTime } = useI18n();

  const columns: TableColumnsType<OutboxRow> = [
    { title: t('outbox.createdAt'), dataIndex: 'created_at', render: formatTime, width: 180 },
    { title: t('outbox.channel'), dataIndex: 'channel', render: (channel: string) => <Tag>{channel}</Tag>, width: 90 },
    { title: t('outbox.recipient'), dataIndex: 'recipient' },
    { title: t('outbox.subject'), dataIndex: 'subject' },
    {
      title: t('outbox.body'),
      dataIndex: 'body',
      render: (body: string) => <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{body}</Typography.Text>,
    },
    {
      title: t('outbox.delivered'),
      dataIndex: 'delivered',
      render: (delivered: boolean) => (delivered ? <Tag color="green">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>),
      width: 100,
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('outbox.title')}</Typography.Title>
      <Typography.Text type="secondary">{t('outbox.codesHidden')}</Typography.Text>
      <Table<OutboxRow> rowKey="id" columns={columns} dataSource={result.data} pagination={pagination} loading={busy} />
    </Flex>
  );
}
