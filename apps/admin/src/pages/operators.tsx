import { Button, Card, Flex, Form, Input, Popconfirm, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminApi, type OperatorEdit, type OperatorRow, type Role } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { emptyPage, loadOr, pageQueryOf } from '../load.ts';
import { useSave } from '../markets-admin.ts';
import { usePaging } from '../paging.ts';
import { useOperator } from '../use-operator.ts';

/** Operator accounts; admins only (the server refuses everyone else). */
export async function operatorsLoader({ request }: LoaderFunctionArgs) {
  const query = pageQueryOf(request);
  return loadOr(() => adminApi.operators(query), emptyPage<OperatorRow>(query));
}

const ROLES: Role[] = ['admin', 'reviewer', 'support'];
/** The server's rule for names (lower-cased there); checked here only to answer at once. */
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$/;

type AddFields = { username: string; role: Role; password: string };

function AddOperator() {
  const { t } = useI18n();
  const save = useSave();
  const [form] = Form.useForm<AddFields>();
  const [busy, setBusy] = useState(false);
  const submit = async (values: AddFields) => {
    setBusy(true);
    const done = await save(() => adminApi.createOperator({ username: values.username.trim(), role: values.role, password: values.password }));
    setBusy(false);
    if (done) form.resetFields();
  };
  return (
    <Card size="small" title={t('operators.add')}>
      <Form<AddFields> form={form} name="add-operator" layout="inline" requiredMark={false} initialValues={{ role: 'support' }} onFinish={submit}>
        <Flex wrap gap="small" align="flex-start">
          <Form.Item name="username" label={t('operators.username')} rules={[{ required: true, pattern: USERNAME, message: t('operators.usernameInvalid') }]}>
            <Input autoComplete="off" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="role" label={t('operators.role')}>
            <Select aria-label={t('operators.role')} style={{ width: 120 }} options={ROLES.map((role) => ({ value: role, label: t(`role.${role}`) }))} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('operators.initialPassword')}
            tooltip={t('password.rule')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password autoComplete="new-password" style={{ width: 200 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('operators.addSubmit')}
          </Button>
        </Flex>
      </Form>
      <Typography.Text type="secondary">{t('operators.initialPasswordHint')}</Typography.Text>
    </Card>
  );
}

export function OperatorsPage() {
  const result = useLoaderData<typeof operatorsLoader>();
  const { pagination, busy } = usePaging(result);
  const { t, formatTime } = useI18n();
  const me = useOperator();
  const save = useSave();
  const [saving, setSaving] = useState<number | null>(null);

  const edit = async (row: OperatorRow, change: OperatorEdit) => {
    setSaving(row.id);
    await save(() => adminApi.editOperator(row.id, change));
    setSaving(null);
  };

  const columns: TableColumnsType<OperatorRow> = [
    { title: t('users.id'), dataIndex: 'id', width: 70 },
    {
      title: t('operators.username'),
      dataIndex: 'username',
      render: (username: string, row) => (
        <Flex gap="small" align="center">
          <span>{username}</span>
          {row.id === me?.id && <Tag>{t('operators.you')}</Tag>}
        </Flex>
      ),
    },
    {
      title: t('operators.role'),
      dataIndex: 'role',
      render: (role: Role, row) => (
        <Select<Role>
          aria-label={t('operators.roleOf', { username: row.username })}
          value={role}
          disabled={row.id === me?.id || saving === row.id}
          style={{ width: 120 }}
          onChange={(next) => edit(row, { role: next })}
          options={ROLES.map((value) => ({ value, label: t(`role.${value}`) }))}
        />
      ),
    },
    {
      title: t('operators.status'),
      key: 'status',
      render: (_, row) => (
        <Flex gap="small" wrap>
          {row.disabled ? <Tag color="red">{t('operators.disabled')}</Tag> : <Tag color="green">{t('operators.active')}</Tag>}
          {row.must_change_password && <Tag color="orange">{t('operators.mustChange')}</Tag>}
        </Flex>
      ),
    },
    { title: t('operators.createdAt'), dataIndex: 'created_at', render: formatTime },
    {
      title: t('markets.actions'),
      key: 'actions',
      render: (_, row) =>
        row.id === me?.id ? null : row.disabled ? (
          <Button aria-label={t('operators.enableOf', { username: row.username })} loading={saving === row.id} onClick={() => edit(row, { disabled: false })}>
            {t('operators.enable')}
          </Button>
        ) : (
          <Popconfirm
            title={t('operators.disableConfirm', { username: row.username })}
            okText={t('operators.disable')}
            cancelText={t('markets.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => edit(row, { disabled: true })}
          >
            <Button danger aria-label={t('operators.disableOf', { username: row.username })} loading={saving === row.id}>
              {t('operators.disable')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={3}>{t('operators.title')}</Typography.Title>
      <AddOperator />
      <Table<OperatorRow> rowKey="id" columns={columns} dataSource={result.data} pagination={pagination} loading={busy} size="small" />
    </Flex>
  );
}
