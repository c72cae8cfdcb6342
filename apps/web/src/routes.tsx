import { PAGE_LOADING_DELAY_MS } from '@fairex/contract/constants';
import { useTranslation } from 'react-i18next';
import { createHashRouter, type RouteObject } from 'react-router';
import { fiatRatesQuery } from './api/config.ts';
import { walletListQuery } from './api/funds.ts';
import { quotationsQuery } from './api/market.ts';
import { queryClient } from './api/query-client.ts';
import { ComingSoon } from './components/coming-soon.tsx';
import { lazyPage, type PageComponent } from './components/lazy-page.tsx';
import { RequireLogin } from './components/require-login.tsx';
import { TabLayout } from './components/tab-layout.tsx';
import type { Catalogue } from './i18n/catalogue.ts';
import { HomePage, prefetchHome } from './pages/index/index.tsx';
import { NotFound } from './root.tsx';
import { Root } from './root.tsx';

/**
 * Every route of spec section 2, exactly as the spec spells it. A route either loads its own page file
 * (src/pages/<folder>/<page>.tsx) on demand, or shows the shared coming-soon view under its title until
 * its feature is built. Routes are protected (login gate) unless marked public.
 */
type PageTitle = keyof Catalogue['page'];
type Page = PageComponent;
type LabelOnly = keyof Catalogue['notice']['labelOnly'];
export type AppRoute = { path: string; public?: boolean } & ({ page: Page } | { soon: PageTitle } | { labelOnly: LabelOnly; title: PageTitle });

// Home is the landing screen: it comes with the app, not one more round trip after it.
const Home = HomePage;
// Pages whose first figures come from one call start it with their file (lazyPage's prefetch). These and
// the login screens show only the start-up's strings, so they wait for no more than their file (startStrings).
const withQuotations = { prefetch: () => void queryClient.prefetchQuery(quotationsQuery), startStrings: true };
const withBalances = {
  prefetch: () => {
    void queryClient.prefetchQuery(walletListQuery);
    void queryClient.prefetchQuery(fiatRatesQuery());
  },
  startStrings: true,
};
const startStrings = { startStrings: true };
const MarketTab = lazyPage('pages/market/market', () => import('./pages/market/market.tsx'), (m) => m.MarketPage, withQuotations);
// The trade tab holds the options and contract screens too, whose strings are in en-pages.ts.
const TradeTab = lazyPage('pages/transaction/index', () => import('./pages/transaction/index.tsx'), (m) => m.TradePage, { ...withQuotations, startStrings: false });
const FinanceTab = lazyPage('pages/financial/index', () => import('./pages/financial/index.tsx'), (m) => m.FinancePage);
const AssetsTab = lazyPage('pages/fund/assets', () => import('./pages/fund/assets.tsx'), (m) => m.AssetsPage, withBalances);
const Login = lazyPage('pages/common/login', () => import('./pages/common/login.tsx'), (m) => m.LoginPage, startStrings);
const Register = lazyPage('pages/common/register', () => import('./pages/common/register.tsx'), (m) => m.RegisterPage, startStrings);
const Forget = lazyPage('pages/common/forget', () => import('./pages/common/forget.tsx'), (m) => m.ForgetPage, startStrings);
const Area = lazyPage('pages/common/area', () => import('./pages/common/area.tsx'), (m) => m.AreaPage);
const AboutUs = lazyPage('pages/common/aboutus', () => import('./pages/common/aboutus.tsx'), (m) => m.AboutUsPage);
const MarketSearch = lazyPage('pages/market/search', () => import('./pages/market/search.tsx'), (m) => m.SearchPage);
const Spot = lazyPage('pages/transaction/currency', () => import('./pages/transaction/currency.tsx'), (m) => m.SpotPage, withQuotations);
const SpotOrders = lazyPage('pages/transaction/currency_order', () => import('./pages/transaction/currency_order.tsx'), (m) => m.SpotOrdersPage);
const Contract = lazyPage('pages/transaction/contract', () => import('./pages/transaction/contract.tsx'), (m) => m.ContractPage);
const ContractOrders = lazyPage('pages/transaction/contract_order', () => import('./pages/transaction/contract_order.tsx'), (m) => m.ContractOrdersPage);
const SecondsOrder = lazyPage('pages/transaction/seconds_order', () => import('./pages/transaction/seconds_order.tsx'), (m) => m.SecondsOrderPage);
const Stock = lazyPage('pages/transaction/index2', () => import('./pages/transaction/contract.tsx'), (m) => m.StockPage);
const Setting = lazyPage('pages/setting/setting', () => import('./pages/setting/setting.tsx'), (m) => m.SettingPage);
const UserInfo = lazyPage('pages/setting/userInfo', () => import('./pages/setting/userInfo.tsx'), (m) => m.UserInfoPage);
const Bill = lazyPage('pages/setting/bill', () => import('./pages/setting/bill.tsx'), (m) => m.BillPage);
const Real = lazyPage('pages/setting/real', () => import('./pages/setting/real.tsx'), (m) => m.RealPage);
const RealMark = lazyPage('pages/setting/real_mark', () => import('./pages/setting/real_mark.tsx'), (m) => m.RealMarkPage);
const FundSelect = lazyPage('pages/fund/select', () => import('./pages/fund/select.tsx'), (m) => m.SelectPage);
const FundReceive = lazyPage('pages/fund/receive', () => import('./pages/fund/receive.tsx'), (m) => m.ReceivePage);
const Withdraw = lazyPage('pages/fund/withdraw', () => import('./pages/fund/withdraw.tsx'), (m) => m.WithdrawPage);
const FundRecords = lazyPage('pages/fund/receive_withdraw_record', () => import('./pages/fund/receive_withdraw_record.tsx'), (m) => m.ReceiveWithdrawRecordPage);
const FundTransfer = lazyPage('pages/fund/fundTransfer', () => import('./pages/fund/fundTransfer.tsx'), (m) => m.FundTransferPage);
const Wallet = lazyPage('pages/setting/wallet', () => import('./pages/setting/wallet.tsx'), (m) => m.WalletPage);
const AddWallet = lazyPage('pages/setting/addWallet', () => import('./pages/setting/addWallet.tsx'), (m) => m.AddWalletPage);
const Exchange = lazyPage('pages/fund/transfer', () => import('./pages/fund/transfer.tsx'), (m) => m.TransferPage);
const Bank = lazyPage('pages/setting/bank', () => import('./pages/setting/bank.tsx'), (m) => m.BankPage);
const BankInternational = lazyPage('pages/setting/bank_international', () => import('./pages/setting/bank_international.tsx'), (m) => m.BankInternationalPage);
const AssetsRecord = lazyPage('pages/fund/assets_record', () => import('./pages/fund/assets_record.tsx'), (m) => m.AssetsRecordPage);
const AssetsAllRecord = lazyPage('pages/fund/assets_all_record', () => import('./pages/fund/assets_all_record.tsx'), (m) => m.AssetsAllRecordPage);
const TransferHistory = lazyPage('pages/fund/transfer_history', () => import('./pages/fund/transfer_history.tsx'), (m) => m.TransferHistoryPage);
const Security = lazyPage('pages/setting/security', () => import('./pages/setting/security.tsx'), (m) => m.SecurityPage);
const Password = lazyPage('pages/setting/password', () => import('./pages/setting/password.tsx'), (m) => m.PasswordPage);
// Wealth (issue 11): lock-up mining, IEO and dual investment.
const LockMining = lazyPage('pages/lockming/lockming', () => import('./pages/lockming/lockming.tsx'), (m) => m.LockMiningPage);
const MiningBuy = lazyPage('pages/lockming/buy', () => import('./pages/lockming/buy.tsx'), (m) => m.MiningBuyPage);
const MiningOrders = lazyPage('pages/lockming/order', () => import('./pages/lockming/order.tsx'), (m) => m.MiningOrdersPage);
const MiningWelcome = lazyPage('pages/lockming/welcome', () => import('./pages/lockming/welcome.tsx'), (m) => m.MiningWelcomePage);
const Ieo = lazyPage('pages/ieo/ieo', () => import('./pages/ieo/ieo.tsx'), (m) => m.IeoPage);
const IeoSubscribe = lazyPage('pages/ieo/subscribe', () => import('./pages/ieo/subscribe.tsx'), (m) => m.IeoSubscribePage);
const IeoOrders = lazyPage('pages/ieo/order', () => import('./pages/ieo/order.tsx'), (m) => m.IeoOrdersPage);
const Invest = lazyPage('pages/invest/invest', () => import('./pages/invest/invest.tsx'), (m) => m.InvestPage);
const InvestMine = lazyPage('pages/invest/mine', () => import('./pages/invest/mine.tsx'), (m) => m.InvestMinePage);
const InvestPurchase = lazyPage('pages/invest/purchase', () => import('./pages/invest/purchase.tsx'), (m) => m.InvestPurchasePage);
const InvestHelp = lazyPage('pages/invest/help', () => import('./pages/invest/help.tsx'), (m) => m.InvestHelpPage);
// Issue 12: content, customer service, invitations, coupons.
const ArticleScreen = lazyPage('pages/common/article', () => import('./pages/common/article.tsx'), (m) => m.ArticlePage);
const WebViewScreen = lazyPage('pages/common/webView', () => import('./pages/common/webView.tsx'), (m) => m.WebViewPage);
const FaqScreen = lazyPage('pages/common/faq', () => import('./pages/common/faq.tsx'), (m) => m.FaqPage);
const ContactUsScreen = lazyPage('pages/common/contactus', () => import('./pages/common/contactus.tsx'), (m) => m.ContactUsPage);
const CouponScreen = lazyPage('pages/setting/coupon', () => import('./pages/setting/coupon.tsx'), (m) => m.CouponPage);
const LiabilitiesScreen = lazyPage('pages/setting/liabilities', () => import('./pages/setting/liabilities.tsx'), (m) => m.LiabilitiesPage);
const TransparencyScreen = lazyPage('pages/common/transparency', () => import('./pages/common/transparency.tsx'), (m) => m.TransparencyPage);
const ComplianceScreen = lazyPage('pages/setting/operational_compliance', () => import('./pages/setting/operational_compliance.tsx'), (m) => m.CompliancePage);
const ShareScreen = lazyPage('pages/setting/share', () => import('./pages/setting/share.tsx'), (m) => m.SharePage);
const AreasScreen = lazyPage('pages/setting/areas', () => import('./pages/setting/areas.tsx'), (m) => m.AreasPage);
const KefuScreen = lazyPage('pages/kefu/index', () => import('./pages/kefu/index.tsx'), (m) => m.KefuPage);
// Issues 13 and 14: NFT marketplace, OTC, loans.
const CommonBorrowingScreen = lazyPage('pages/common/borrowing', () => import('./pages/common/borrowing.tsx'), (m) => m.CommonBorrowingPage);
const OtcOtcScreen = lazyPage('pages/otc/otc', () => import('./pages/otc/otc.tsx'), (m) => m.OtcOtcPage);
const NftNftScreen = lazyPage('pages/nft/nft', () => import('./pages/nft/nft.tsx'), (m) => m.NftNftPage);
const NftArtistDetailScreen = lazyPage('pages/nft/artistDetail', () => import('./pages/nft/artistDetail.tsx'), (m) => m.NftArtistDetailPage);
const NftMineScreen = lazyPage('pages/nft/mine', () => import('./pages/nft/mine.tsx'), (m) => m.NftMinePage);
const NftArtworkDetailScreen = lazyPage('pages/nft/artworkDetail', () => import('./pages/nft/artworkDetail.tsx'), (m) => m.NftArtworkDetailPage);
const NftArtworkDetailVideoScreen = lazyPage('pages/nft/artworkDetail_video', () => import('./pages/nft/artworkDetail_video.tsx'), (m) => m.NftArtworkDetailVideoPage);
const NftPurchaseScreen = lazyPage('pages/nft/purchase', () => import('./pages/nft/purchase.tsx'), (m) => m.NftPurchasePage);
const NftPurchaseOneScreen = lazyPage('pages/nft/purchase_one', () => import('./pages/nft/purchase_one.tsx'), (m) => m.NftPurchaseOnePage);
const NftResellScreen = lazyPage('pages/nft/resell', () => import('./pages/nft/resell.tsx'), (m) => m.NftResellPage);
const NftMyNftScreen = lazyPage('pages/nft/myNft', () => import('./pages/nft/myNft.tsx'), (m) => m.NftMyNftPage);
const NftComponentsArtistScreen = lazyPage('pages/nft/components/artist', () => import('./pages/nft/components/artist.tsx'), (m) => m.NftComponentsArtistPage);
const NftComponentsArtworkScreen = lazyPage('pages/nft/components/artwork', () => import('./pages/nft/components/artwork.tsx'), (m) => m.NftComponentsArtworkPage);
const NftComponentsSearchScreen = lazyPage('pages/nft/components/search', () => import('./pages/nft/components/search.tsx'), (m) => m.NftComponentsSearchPage);
const NftComponentsCollectionScreen = lazyPage('pages/nft/components/collection', () => import('./pages/nft/components/collection.tsx'), (m) => m.NftComponentsCollectionPage);
const NftUviewScreen = lazyPage('pages/nft/uview', () => import('./pages/nft/uview.tsx'), (m) => m.NftUviewPage);
// Issue 15: copy trading.
const FollowIndexScreen = lazyPage('pages/follow/index', () => import('./pages/follow/index.tsx'), (m) => m.FollowIndexPage);
const FollowTraderScreen = lazyPage('pages/follow/trader', () => import('./pages/follow/trader.tsx'), (m) => m.FollowTraderPage);
const FollowFollowScreen = lazyPage('pages/follow/follow', () => import('./pages/follow/follow.tsx'), (m) => m.FollowFollowPage);
const FollowAgreementZhScreen = lazyPage('pages/follow/agreement_zh', () => import('./pages/follow/agreement_zh.tsx'), (m) => m.FollowAgreementZhPage);
const FollowAgreementEnScreen = lazyPage('pages/follow/agreement_en', () => import('./pages/follow/agreement_en.tsx'), (m) => m.FollowAgreementEnPage);
const CopytradeCopyScreen = lazyPage('pages/copytrade/copy', () => import('./pages/copytrade/copy.tsx'), (m) => m.CopytradeCopyPage);
const CopytradeMyScreen = lazyPage('pages/copytrade/my', () => import('./pages/copytrade/my.tsx'), (m) => m.CopytradeMyPage);
const CopytradeTraderScreen = lazyPage('pages/copytrade/trader', () => import('./pages/copytrade/trader.tsx'), (m) => m.CopytradeTraderPage);
const PayPassword = lazyPage('pages/setting/payPassword', () => import('./pages/setting/payPassword.tsx'), (m) => m.PayPasswordPage);

/** The tab pages, rendered inside the layout that holds the tab bar. */
export const TAB_ROUTES: AppRoute[] = [
  { path: '/', page: Home, public: true },
  { path: '/pages/index/index', page: Home, public: true },
  { path: '/pages/market/market', page: MarketTab, public: true },
  { path: '/pages/transaction/index', page: TradeTab, public: true },
  { path: '/pages/financial/index', page: FinanceTab, public: true },
  { path: '/pages/fund/assets', page: AssetsTab },
];

const soon = (path: string, title: PageTitle, isPublic = false): AppRoute => ({ path, soon: title, public: isPublic });

export const PAGE_ROUTES: AppRoute[] = [
  // Account and common
  { path: '/pages/common/login', page: Login, public: true },
  { path: '/pages/common/register', page: Register, public: true },
  { path: '/pages/common/forget', page: Forget, public: true },
  { path: '/pages/common/area', page: Area, public: true },
  { path: '/pages/common/aboutus', page: AboutUs, public: true },
  { path: '/pages/common/article', page: ArticleScreen, public: true },
  { path: '/pages/common/webView', page: WebViewScreen },
  { path: '/pages/common/faq', page: FaqScreen, public: true },
  { path: '/pages/common/contactus', page: ContactUsScreen, public: true },
  { path: '/pages/common/transparency', page: TransparencyScreen, public: true },
  { path: '/pages/common/borrowing', page: CommonBorrowingScreen },
  // Settings
  { path: '/pages/setting/setting', page: Setting },
  { path: '/pages/setting/userInfo', page: UserInfo },
  { path: '/pages/setting/security', page: Security },
  { path: '/pages/setting/password', page: Password },
  { path: '/pages/setting/payPassword', page: PayPassword },
  { path: '/pages/setting/coupon', page: CouponScreen },
  { path: '/pages/setting/wallet', page: Wallet },
  { path: '/pages/setting/bill', page: Bill },
  { path: '/pages/setting/real', page: Real },
  { path: '/pages/setting/real_mark', page: RealMark },
  { path: '/pages/setting/addWallet', page: AddWallet },
  { path: '/pages/setting/operational_compliance', page: ComplianceScreen },
  { path: '/pages/setting/liabilities', page: LiabilitiesScreen },
  { path: '/pages/setting/share', page: ShareScreen },
  { path: '/pages/setting/areas', page: AreasScreen },
  { path: '/pages/setting/bank', page: Bank },
  { path: '/pages/setting/bank_international', page: BankInternational },
  // Funds
  { path: '/pages/fund/select', page: FundSelect },
  { path: '/pages/fund/receive', page: FundReceive },
  { path: '/pages/fund/receive_withdraw_record', page: FundRecords },
  { path: '/pages/fund/withdraw', page: Withdraw },
  { path: '/pages/fund/assets_record', page: AssetsRecord },
  { path: '/pages/fund/transfer', page: Exchange },
  { path: '/pages/fund/fundTransfer', page: FundTransfer },
  { path: '/pages/fund/assets_all_record', page: AssetsAllRecord },
  { path: '/pages/fund/transfer_history', page: TransferHistory },
  // Market and trade
  { path: '/pages/market/search', page: MarketSearch, public: true },
  { path: '/pages/transaction/currency', page: Spot, public: true },
  { path: '/pages/transaction/currency_order', page: SpotOrders },
  { path: '/pages/transaction/contract', page: Contract },
  { path: '/pages/transaction/contract_order', page: ContractOrders },
  { path: '/pages/transaction/seconds_order', page: SecondsOrder },
  // The stock trade screen: the contract screen on stock symbols (futures stay on /pages/transaction/contract).
  { path: '/pages/transaction/index2', page: Stock },
  { path: '/pages/otc/otc', page: OtcOtcScreen },
  // Copy trading and following
  // The trader list and a trader's page are open to everyone; following, one's own copy trading and applying need a session.
  { path: '/pages/copytrade/copy', page: CopytradeCopyScreen },
  { path: '/pages/copytrade/my', page: CopytradeMyScreen },
  { path: '/pages/copytrade/trader', page: CopytradeTraderScreen },
  { path: '/pages/follow/index', page: FollowIndexScreen, public: true },
  { path: '/pages/follow/trader', page: FollowTraderScreen, public: true },
  { path: '/pages/follow/follow', page: FollowFollowScreen },
  { path: '/pages/follow/agreement_zh', page: FollowAgreementZhScreen },
  { path: '/pages/follow/agreement_en', page: FollowAgreementEnScreen },
  // Wealth
  // Browsing is open to everyone; buying and one's own holdings need a session.
  { path: '/pages/ieo/ieo', page: Ieo, public: true },
  { path: '/pages/ieo/subscribe', page: IeoSubscribe },
  { path: '/pages/ieo/order', page: IeoOrders },
  { path: '/pages/lockming/lockming', page: LockMining, public: true },
  { path: '/pages/lockming/buy', page: MiningBuy },
  { path: '/pages/lockming/order', page: MiningOrders },
  { path: '/pages/lockming/welcome', page: MiningWelcome, public: true },
  { path: '/pages/invest/invest', page: Invest, public: true },
  { path: '/pages/invest/mine', page: InvestMine },
  { path: '/pages/invest/purchase', page: InvestPurchase },
  { path: '/pages/invest/help', page: InvestHelp, public: true },
  // NFT: browsing is open to everyone; buying, bidding, one's own NFTs and records need a session.
  { path: '/pages/nft/nft', page: NftNftScreen, public: true },
  { path: '/pages/nft/artistDetail', page: NftArtistDetailScreen, public: true },
  { path: '/pages/nft/mine', page: NftMineScreen },
  { path: '/pages/nft/artworkDetail', page: NftArtworkDetailScreen, public: true },
  { path: '/pages/nft/artworkDetail_video', page: NftArtworkDetailVideoScreen, public: true },
  { path: '/pages/nft/purchase', page: NftPurchaseScreen },
  { path: '/pages/nft/purchase_one', page: NftPurchaseOneScreen },
  { path: '/pages/nft/resell', page: NftResellScreen },
  { path: '/pages/nft/myNft', page: NftMyNftScreen },
  { path: '/pages/nft/components/artist', page: NftComponentsArtistScreen, public: true },
  { path: '/pages/nft/components/artwork', page: NftComponentsArtworkScreen, public: true },
  { path: '/pages/nft/components/search', page: NftComponentsSearchScreen, public: true },
  { path: '/pages/nft/components/collection', page: NftComponentsCollectionScreen, public: true },
  { path: '/uview-ui/nft/nft', page: NftUviewScreen, public: true },
  // Others
  // The mini game is a label only (spec section 1): its page says so, as its home shortcut does.
  { path: '/pages/game/game', labelOnly: 'miniGame', title: 'game' },
  { path: '/pages/kefu/index', page: KefuScreen },
  soon('/choose-location', 'chooseLocation'),
  soon('/open-location', 'openLocation'),
];

function SoonPage({ title }: { title: PageTitle }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(`page.${title}`)} />;
}

function LabelOnlyPage({ labelOnly, title }: { labelOnly: LabelOnly; title: PageTitle }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(`page.${title}`)} heading={t(`shortcut.${labelOnly}`)} body={t(`notice.labelOnly.${labelOnly}`)} icon="game" />;
}

function toRouteObject(route: AppRoute): RouteObject {
  const body = 'page' in route ? <route.page /> : 'soon' in route ? <SoonPage title={route.soon} /> : <LabelOnlyPage labelOnly={route.labelOnly} title={route.title} />;
  // Keyed by path so each protected page gets its own gate, even where React would reuse the element.
  const element = route.public ? body : <RequireLogin key={route.path}>{body}</RequireLogin>;
  return { path: route.path, element };
}

export const ROUTE_OBJECTS: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { element: <TabLayout />, children: TAB_ROUTES.map(toRouteObject) },
      ...PAGE_ROUTES.map(toRouteObject),
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createAppRouter = () => createHashRouter(ROUTE_OBJECTS);

/**
 * How long the start-up waits for the opening page's file before rendering: the spec's loading-view
 * delay (a page slower than that shows its loading view through Suspense, as on any navigation).
 */
export const OPENING_PAGE_WAIT_MS = PAGE_LOADING_DELAY_MS;

/**
 * Fetches the file of the page the app opens on (the location's hash), so its first render has it
 * (lazyPage's preload): the boot screen stays until then instead of a loading view in between. On home,
 * which comes with the app, it starts home's first calls instead. A page
 * behind the login gate is left alone without a session (the gate sends to login), and a load that
 * fails or is slow is left to the page's own loading and error views.
 */
export function preloadOpeningPage(hash: string, loggedIn: boolean): Promise<void> {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  const route = [...TAB_ROUTES, ...PAGE_ROUTES].find((r) => r.path === path);
  // Home comes with the app; its first calls start in the next task (not in the one evaluating the app).
  if (route && 'page' in route && route.page === Home) setTimeout(prefetchHome, 0);
  if (!route || !('page' in route) || !route.page.preload || (!route.public && !loggedIn)) return Promise.resolve();
  const waited = new Promise<void>((resolve) => setTimeout(resolve, OPENING_PAGE_WAIT_MS));
  return Promise.race([route.page.preload().then(() => undefined, () => undefined), waited]);
}
