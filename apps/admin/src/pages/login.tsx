import { Button, Card, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { redirect, useNavigate } from 'react-router';
import { adminApi, hasSession } from '../api.ts';
import { LanguageSelect } from '../components/language-select.tsx';
import { useI18n } from '../i18n.tsx';
import { showError } from '../notify.ts';

type Credentials = { username: string; password: string };

/** An open session goes straight in; if it is stale, the layout sends the operator back here. */
export const loginLoader = () => (hasSession() ? redirect('/users') : null);

export function LoginPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const logIn = async ({ username, password }: Credentials) => {
    setBusy(true);
    try {
      // The server set the session cookie (httpOnly) and its CSRF proof cookie.
      const { operator } = await adminApi.login(username, password);
      navigate(operator.must_change_password ? '/password' : '/users', { replace: true });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: '#f0f2f5' }}>
      <Card title={t('login.title')} extra={<LanguageSelect />} style={{ width: 380 }}>
        <Form<Credentials> name="login" layout="vertical" requiredMark={false} onFinish={logIn}>
          <Form.Item label={t('login.username')} name="username" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label={t('login.password')} name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} block>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
