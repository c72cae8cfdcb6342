import { createHashRouter, Navigate } from 'react-router';
import { FullPageSpin } from './components/full-page-spin.tsx';
import { RouteError } from './components/route-error.tsx';
import { AdminLayout, layoutLoader } from './layout.tsx';
import { LedgerAuditPage, ledgerAuditLoader } from './pages/ledger-audit.tsx';
import { LoginPage, loginLoader } from './pages/login.tsx';
import { OperatorLogPage, operatorLogLoader } from './pages/operator-log.tsx';
import { OperatorsPage, operatorsLoader } from './pages/operators.tsx';
import { ProofOfLiabilitiesPage, proofOfLiabilitiesLoader } from './pages/proof-of-liabilities.tsx';
import { ChangePasswordPage, changePasswordLoader } from './pages/change-password.tsx';
import { OutboxPage, outboxLoader } from './pages/outbox.tsx';
import { UserDetailPage, userDetailLoader } from './pages/user-detail.tsx';
import { UsersPage, usersLoader } from './pages/users.tsx';
import { MarketMakerPage, marketMakerLoader } from './pages/market-maker.tsx';
import { SpotFeesPage, spotFeesLoader } from './pages/spot-fees.tsx';
import { SpotOrdersPage, spotOrdersLoader } from './pages/spot-orders.tsx';
import { SpotTradesPage, spotTradesLoader } from './pages/spot-trades.tsx';
import { SymbolsPage, symbolsLoader } from './pages/symbols.tsx';
import { CoinsPage, coinsLoader } from './pages/coins.tsx';
import { FiatRatesPage, fiatRatesLoader } from './pages/fiat-rates.tsx';
import { IdentityReviewsPage, identityReviewsLoader } from './pages/identity-reviews.tsx';
import { RechargesPage, rechargesLoader } from './pages/recharges.tsx';
import { WithdrawalsPage, withdrawalsLoader } from './pages/withdrawals.tsx';
import { ContractsPage, contractsLoader } from './pages/contracts.tsx';
import { OptionsPage, optionsLoader } from './pages/options.tsx';
import { WealthPage, wealthLoader } from './pages/wealth.tsx';
import { MiningPage, miningLoader } from './pages/mining.tsx';
import { IeoPage, ieoLoader } from './pages/ieo.tsx';
import { InvestPage, investLoader } from './pages/invest.tsx';
import { NftPage, nftLoader } from './pages/nft.tsx';
import { OtcPage, otcLoader } from './pages/otc.tsx';
import { LoansPage, loansLoader } from './pages/loans.tsx';
import { CopyPage, copyLoader } from './pages/copy.tsx';
import { ContentPage, contentLoader } from './pages/content.tsx';
import { SupportPage, supportLoader } from './pages/support.tsx';
import { ReferralsPage, referralsLoader } from './pages/referrals.tsx';
import { CouponsPage, couponsLoader } from './pages/coupons.tsx';
import { NoticesPage, noticesLoader } from './pages/notices.tsx';

/** Hash routes, so the server only has to serve index.html under /admin/. */
export const router = createHashRouter([
  { path: '/login', loader: loginLoader, Component: LoginPage, HydrateFallback: FullPageSpin },
  // Outside the layout: the first screen of an operator who must change the password given to them.
  { path: '/password', loader: changePasswordLoader, Component: ChangePasswordPage, HydrateFallback: FullPageSpin, ErrorBoundary: RouteError },
  {
    path: '/',
    // Pages read the operator (their role) through useOperator().
    id: 'root',
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
      { path: 'liabilities', loader: proofOfLiabilitiesLoader, Component: ProofOfLiabilitiesPage },
      { path: 'operators', loader: operatorsLoader, Component: OperatorsPage },
      { path: 'symbols', loader: symbolsLoader, Component: SymbolsPage },
      { path: 'spot-fees', loader: spotFeesLoader, Component: SpotFeesPage },
      { path: 'market-maker', loader: marketMakerLoader, Component: MarketMakerPage },
      { path: 'orders', loader: spotOrdersLoader, Component: SpotOrdersPage },
      { path: 'trades', loader: spotTradesLoader, Component: SpotTradesPage },
      { path: 'recharges', loader: rechargesLoader, Component: RechargesPage },
      { path: 'withdrawals', loader: withdrawalsLoader, Component: WithdrawalsPage },
      { path: 'identity', loader: identityReviewsLoader, Component: IdentityReviewsPage },
      { path: 'coins', loader: coinsLoader, Component: CoinsPage },
      { path: 'fiat-rates', loader: fiatRatesLoader, Component: FiatRatesPage },
      { path: 'contracts', loader: contractsLoader, Component: ContractsPage },
      { path: 'options', loader: optionsLoader, Component: OptionsPage },
      { path: 'wealth', loader: wealthLoader, Component: WealthPage },
      { path: 'mining', loader: miningLoader, Component: MiningPage },
      { path: 'ieo', loader: ieoLoader, Component: IeoPage },
      { path: 'invest', loader: investLoader, Component: InvestPage },
      { path: 'nft', loader: nftLoader, Component: NftPage },
      { path: 'otc', loader: otcLoader, Component: OtcPage },
      { path: 'loans', loader: loansLoader, Component: LoansPage },
      { path: 'copy', loader: copyLoader, Component: CopyPage },
      { path: 'content', loader: contentLoader, Component: ContentPage },
      { path: 'support', loader: supportLoader, Component: SupportPage },
      { path: 'referrals', loader: referralsLoader, Component: ReferralsPage },
      { path: 'coupons', loader: couponsLoader, Component: CouponsPage },
      { path: 'notices', loader: noticesLoader, Component: NoticesPage },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
]);
