import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { redirect, useLoaderData, useNavigate } from 'react-router';
import { adminApi, endSession, hasSession, isSessionLost, type Operator } from '../api.ts';
import { LanguageSelect } from '../components/language-select.tsx';
import { useI18n } from '../i18n.tsx';
import { showError } from '../notify.ts';

type Fields = { current: string; password: string; repeat: string };

/** Open to every operator with a session; the first screen of one whose password was set by someone else. */
export async function changePasswordLoader(): Promise<Operator> {
  if (!hasSession()) throw redirect('/login');
  try {
    return await adminApi.me();
  } catch (error) {
    if (isSessionLost(error)) throw redirect('/login');
    throw error;
  }
}

export function ChangePasswordPage() {
  const operator = useLoaderData<typeof changePasswordLoader>();
  const { t } = useI18n();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const forced = operator.must_change_password;

  const submit = async ({ current, password }: Fields) => {
    setBusy(true);
    try {
      await adminApi.changePassword(current, password);
      navigate('/users', { replace: true });
    } catch (error) {
      if (isSessionLost(error)) navigate('/login', { replace: true });
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const logout = async () => {
    await adminApi.logout().catch(() => undefined);
    endSession();
    navigate('/login', { replace: true });
  };

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: '#f0f2f5' }}>
      <Card title={<Typography.Title level={4} style={{ margin: 0 }}>{t('password.title')}</Typography.Title>} extra={<LanguageSelect />} style={{ width: 420 }}>
        <Flex vertical gap="middle">
          {forced && <Alert type="warning" showIcon message={t('password.forced')} />}
          <Typography.Text type="secondary">{t('password.rule')}</Typography.Text>
          <Form<Fields> name="change-password" layout="vertical" requiredMark={false} onFinish={submit}>
            <input type="text" name="username" autoComplete="username" value={operator.username} readOnly hidden />
            <Form.Item label={t('password.current')} name="current" rules={[{ required: true, message: t('login.passwordRequired') }]}>
              <Input.Password autoComplete="current-password" autoFocus />
            </Form.Item>
            <Form.Item label={t('password.new')} name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              label={t('password.repeat')}
              name="repeat"
              dependencies={['password']}
              rules={[
                { required: true, message: t('login.passwordRequired') },
                ({ getFieldValue }) => ({
                  validator: (_, value) => (!value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch')))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Flex gap="small" justify="space-between">
              {forced ? <Button onClick={logout}>{t('header.logout')}</Button> : <Button onClick={() => navigate('/users')}>{t('common.back')}</Button>}
              <Button type="primary" htmlType="submit" loading={busy}>
                {t('password.submit')}
              </Button>
            </Flex>
          </Form>
        </Flex>
      </Card>
    </Flex>
  );
}
