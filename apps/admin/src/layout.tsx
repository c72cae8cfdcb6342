import { Button, Flex, Layout, Menu, Tag, Typography } from 'antd';
import { Outlet, redirect, useLoaderData, useLocation, useNavigate } from 'react-router';
import { adminApi, endSession, hasSession, isSessionLost, type Operator, type Role } from './api.ts';
import { LanguageSelect } from './components/language-select.tsx';
import { useI18n, type MessageKey } from './i18n.tsx';

/** The side menu; an operator sees only what the server lets their role read. */
const MENU: { path: string; label: MessageKey; roles: readonly Role[] }[] = [
  { path: '/users', label: 'menu.users', roles: ['admin', 'reviewer', 'support'] },
  { path: '/outbox', label: 'menu.outbox', roles: ['admin', 'support'] },
  { path: '/ledger', label: 'menu.ledger', roles: ['admin'] },
  { path: '/operator-log', label: 'menu.operatorLog', roles: ['admin'] },
  { path: '/liabilities', label: 'menu.liabilities', roles: ['admin'] },
  { path: '/operators', label: 'menu.operators', roles: ['admin'] },
  { path: '/symbols', label: 'menu.symbols', roles: ['admin'] },
  { path: '/spot-fees', label: 'menu.spotFees', roles: ['admin'] },
  { path: '/market-maker', label: 'menu.marketMaker', roles: ['admin'] },
  { path: '/orders', label: 'menu.orders', roles: ['admin', 'reviewer', 'support'] },
  { path: '/trades', label: 'menu.trades', roles: ['admin', 'reviewer', 'support'] },
  { path: '/recharges', label: 'menu.recharges', roles: ['admin', 'reviewer'] },
  { path: '/withdrawals', label: 'menu.withdrawals', roles: ['admin', 'reviewer'] },
  { path: '/identity', label: 'menu.identity', roles: ['admin', 'reviewer'] },
  { path: '/coins', label: 'menu.coins', roles: ['admin'] },
  { path: '/fiat-rates', label: 'menu.fiatRates', roles: ['admin'] },
  { path: '/contracts', label: 'menu.contracts', roles: ['admin', 'reviewer', 'support'] },
  { path: '/options', label: 'menu.options', roles: ['admin', 'reviewer', 'support'] },
  { path: '/wealth', label: 'menu.wealth', roles: ['admin', 'reviewer', 'support'] },
  { path: '/mining', label: 'menu.mining', roles: ['admin', 'reviewer', 'support'] },
  { path: '/ieo', label: 'menu.ieo', roles: ['admin', 'reviewer', 'support'] },
  { path: '/invest', label: 'menu.invest', roles: ['admin', 'reviewer', 'support'] },
  { path: '/nft', label: 'menu.nft', roles: ['admin', 'reviewer', 'support'] },
  { path: '/otc', label: 'menu.otc', roles: ['admin', 'reviewer', 'support'] },
  { path: '/loans', label: 'menu.loans', roles: ['admin', 'reviewer', 'support'] },
  { path: '/copy', label: 'menu.copy', roles: ['admin', 'reviewer', 'support'] },
  { path: '/content', label: 'menu.content', roles: ['admin', 'support'] },
  { path: '/support', label: 'menu.support', roles: ['admin', 'support'] },
  { path: '/referrals', label: 'menu.referrals', roles: ['admin', 'reviewer', 'support'] },
  { path: '/coupons', label: 'menu.coupons', roles: ['admin', 'reviewer', 'support'] },
  { path: '/notices', label: 'menu.notices', roles: ['admin', 'support'] },
];

/**
 * Every back-office screen needs a live operator session; without one, go to the login screen. An
 * operator whose password was set by someone else changes it first (the server refuses the rest).
 */
export async function layoutLoader(): Promise<Operator> {
  if (!hasSession()) throw redirect('/login');
  let operator: Operator;
  try {
    operator = await adminApi.me();
  } catch (error) {
    if (isSessionLost(error)) throw redirect('/login');
    throw error;
  }
  if (operator.must_change_password) throw redirect('/password');
  return operator;
}

export function AdminLayout() {
  const operator = useLoaderData<typeof layoutLoader>();
  const { t } = useI18n();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = MENU.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))?.path;

  const logout = async () => {
    // The session may already be gone; the operator leaves either way.
    await adminApi.logout().catch(() => undefined);
    endSession();
    navigate('/login', { replace: true });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider breakpoint="lg" collapsedWidth={0} width={200}>
        <Typography.Title level={4} style={{ color: '#fff', margin: 16 }}>
          Fairex
        </Typography.Title>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={MENU.filter((item) => item.roles.includes(operator.role)).map((item) => ({ key: item.path, label: t(item.label) }))}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', paddingInline: 24 }}>
          <Flex align="center" justify="space-between" style={{ height: '100%' }}>
            <Typography.Text strong>{t('app.title')}</Typography.Text>
            <Flex align="center" gap="middle">
              <Typography.Text>{operator.username}</Typography.Text>
              <Tag color="blue">{t(`role.${operator.role}`)}</Tag>
              <LanguageSelect />
              <Button onClick={() => navigate('/password')}>{t('header.changePassword')}</Button>
              <Button onClick={logout}>{t('header.logout')}</Button>
            </Flex>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
