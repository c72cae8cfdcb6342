import { Flex, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { adminApi, type UserRow } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { emptyPage, loadOr, pageQueryOf } from '../load.ts';
import { usePaging } from '../paging.ts';

export async function usersLoader({ request }: LoaderFunctionArgs) {
  const query = pageQueryOf(request);
  return loadOr(() => adminApi.users(query), emptyPage<UserRow>(query));
}

export function UsersPage() {
  const result = useLoaderData<typeof usersLoader>();
  const { pagination, busy, params, setParams } = usePaging(result);
  const { t, formatTime } = useI18n();
  const navigate = useNavigate();

  const columns: TableColumnsType<UserRow> = [
    { title: t('users.id'), dataIndex: 'id', width: 80 },
    { title: t('users.account'), dataIndex: 'account', render: (account: string, row) => <Link to={`/users/${row.id}`}>{account}</Link> },
    { title: t('users.email'), dataIndex: 'email' },
    { title: t('users.mobile'), dataIndex: 'mobile' },
    { title: t('users.nickname'), dataIndex: 'nickname' },
    { title: t('users.extensionCode'), dataIndex: 'extension_code' },
    { title: t('users.parentId'), dataIndex: 'parent_id' },
    {
      title: t('users.status'),
      dataIndex: 'frozen',
      render: (frozen: boolean) => (frozen ? <Tag color="red">{t('users.frozen')}</Tag> : <Tag color="green">{t('users.active')}</Tag>),
    },
    { title: t('users.createdAt'), dataIndex: 'created_at', render: formatTime },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('users.title')}</Typography.Title>
      <Input.Search
        aria-label={t('users.searchLabel')}
        placeholder={t('users.searchPlaceholder')}
        defaultValue={params.get('q') ?? ''}
        enterButton={t('common.search')}
        allowClear
        onSearch={(q) => setParams(q.trim() ? { q: q.trim() } : {})}
        style={{ maxWidth: 480 }}
      />
      <Table<UserRow>
        rowKey="id"
        columns={columns}
        dataSource={result.data}
        pagination={pagination}
        loading={busy}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ onClick: () => navigate(`/users/${row.id}`), style: { cursor: 'pointer' } })}
      />
    </Flex>
  );
}
