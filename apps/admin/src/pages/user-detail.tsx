import { Button, Card, Descriptions, Flex, Result, Table, Tag, Typography, type DescriptionsProps, type TableColumnsType } from 'antd';
import { Link, useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { adminApi, type AccountRow, type UserDetail } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { loadOr } from '../load.ts';
import { BalanceAdjustCard } from '../components/balance-adjust.tsx';
import { UserFreezeButton } from '../components/user-freeze.tsx';
import { useOperator } from '../use-operator.ts';

export async function userDetailLoader({ params }: LoaderFunctionArgs): Promise<UserDetail | null> {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return null;
  return loadOr(() => adminApi.user(id), null);
}

export function UserDetailPage() {
  const detail = useLoaderData<typeof userDetailLoader>();
  const { t, formatTime } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const operator = useOperator();
  // Back keeps the list's page and search when the operator came from it; a direct link goes to the list.
  const goBack = () => (location.key === 'default' ? navigate('/users') : navigate(-1));
  const back = <Button onClick={goBack}>{t('common.back')}</Button>;
  if (!detail) return <Result status="warning" title={t('user.notFound')} extra={back} />;
  const { user, accounts, sessions } = detail;

  const profile: DescriptionsProps['items'] = [
    { key: 'id', label: t('users.id'), children: user.id },
    { key: 'account', label: t('users.account'), children: user.account },
    { key: 'email', label: t('users.email'), children: user.email },
    { key: 'mobile', label: t('users.mobile'), children: user.mobile },
    { key: 'area_code', label: t('user.areaCode'), children: user.area_code },
    { key: 'nickname', label: t('users.nickname'), children: user.nickname },
    { key: 'signature', label: t('user.signature'), children: user.signature },
    { key: 'head_portrait', label: t('user.headPortrait'), children: user.head_portrait },
    { key: 'extension_code', label: t('users.extensionCode'), children: user.extension_code },
    { key: 'parent_id', label: t('users.parentId'), children: user.parent_id ? <Link to={`/users/${user.parent_id}`}>{user.parent_id}</Link> : null },
    { key: 'credit_score', label: t('user.creditScore'), children: user.credit_score },
    { key: 'sessions', label: t('user.sessions'), children: sessions },
    {
      key: 'frozen',
      label: t('users.status'),
      children: user.frozen ? <Tag color="red">{t('users.frozen')}</Tag> : <Tag color="green">{t('users.active')}</Tag>,
    },
    { key: 'created_at', label: t('users.createdAt'), children: formatTime(user.created_at) },
  ];

  // Amounts are shown exactly as the server sends them.
  const amount = { align: 'right' as const, render: (value: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</span> };
  const columns: TableColumnsType<AccountRow> = [
    { title: t('user.currency'), dataIndex: 'currency' },
    { title: t('user.kind'), dataIndex: 'kind' },
    { title: t('user.balance'), dataIndex: 'balance', ...amount },
    { title: t('user.available'), dataIndex: 'available', ...amount },
    { title: t('user.frozenAmount'), dataIndex: 'frozen', ...amount },
    { title: t('user.locked'), dataIndex: 'locked', ...amount },
  ];

  return (
    <Flex vertical gap="middle">
      <Flex align="center" gap="middle">
        {back}
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('user.title', { id: user.id })} · {user.account}
        </Typography.Title>
        {operator?.role === 'admin' && <UserFreezeButton userId={user.id} account={user.account} frozen={user.frozen} />}
      </Flex>
      <Card title={t('user.profile')}>
        <Descriptions items={profile} column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered />
      </Card>
      <Card title={t('user.accounts')}>
        <Table<AccountRow> rowKey="id" columns={columns} dataSource={accounts} pagination={false} size="small" />
      </Card>
      {/* The accounts above reload after an adjustment (the decision revalidates this route). */}
      {operator?.role === 'admin' && <BalanceAdjustCard userId={user.id} />}
    </Flex>
  );
}
