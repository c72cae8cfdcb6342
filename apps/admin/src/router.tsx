import { createHashRouter, Navigate } from 'react-router';
import { FullPageSpin } from './components/full-page-spin.tsx';
import { RouteError } from './components/route-error.tsx';
import { AdminLayout, layoutLoader } from './layout.tsx';
import { LedgerAuditPage, ledgerAuditLoader } from './pages/ledger-audit.tsx';
import { LoginPage, loginLoader } from './pages/login.tsx';
import { OperatorLogPage, operatorLogLoader } from './pages/operator-log.tsx';
import { OutboxPage, outboxLoader } from './pages/outbox.tsx';
import { UserDetailPage, userDetailLoader } from './pages/user-detail.tsx';
import { UsersPage, usersLoader } from './pages/users.tsx';

/** Hash routes, so the server only has to serve index.html under /admin/. */
export const router = createHashRouter([
  { path: '/login', loader: loginLoader, Component: LoginPage, HydrateFallback: FullPageSpin },
  {
    path: '/',
    loader: layoutLoader,
    // The operator is read once per visit, not on every page change.
    shouldRevalidate: () => false,
    Component: AdminLayout,
    HydrateFallback: FullPageSpin,
    ErrorBoundary: RouteError,
    children: [
      { index: true, element: <Navigate to="/users" replace /> },
      { path: 'users', loader: usersLoader, Component: UsersPage },
      { path: 'users/:id', loader: userDetailLoader, Component: UserDetailPage },
      { path: 'outbox', loader: outboxLoader, Component: OutboxPage },
      { path: 'ledger', loader: ledgerAuditLoader, Component: LedgerAuditPage },
      { path: 'operator-log', loader: operatorLogLoader, Component: OperatorLogPage },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);
