/**
 * Every path of spec section 2, written out from the spec itself. The web app's route table and the
 * e2e journeys are both checked against this list, so the spec, not the implementation, is the reference.
 */
const group = (base: string, pages: string[]) => pages.map((page) => `${base}/${page}`);

export const SPEC_ROUTES: readonly string[] = [
  '/',
  '/pages/index/index',
  '/pages/market/market',
  '/pages/transaction/index',
  '/pages/financial/index',
  '/pages/fund/assets',
  ...group('/pages/common', ['login', 'register', 'area', 'article', 'webView', 'faq', 'contactus', 'aboutus', 'borrowing']),
  ...group('/pages/setting', [
    'setting', 'userInfo', 'security', 'password', 'payPassword', 'coupon', 'wallet', 'bill', 'real', 'real_mark',
    'addWallet', 'operational_compliance', 'share', 'areas', 'bank', 'bank_international',
  ]),
  ...group('/pages/fund', [
    'select', 'receive', 'receive_withdraw_record', 'withdraw', 'assets_record', 'transfer', 'fundTransfer',
    'assets_all_record', 'transfer_history',
  ]),
  '/pages/market/search',
  ...group('/pages/transaction', ['currency', 'currency_order', 'contract', 'contract_order', 'seconds_order', 'index2']),
  '/pages/otc/otc',
  ...group('/pages/copytrade', ['copy', 'my', 'trader']),
  ...group('/pages/follow', ['index', 'trader', 'follow', 'agreement_zh', 'agreement_en']),
  ...group('/pages/ieo', ['ieo', 'subscribe', 'order']),
  ...group('/pages/lockming', ['lockming', 'buy', 'order', 'welcome']),
  ...group('/pages/invest', ['invest', 'mine', 'purchase', 'help']),
  ...group('/pages/nft', [
    'nft', 'artistDetail', 'mine', 'artworkDetail', 'artworkDetail_video', 'purchase', 'purchase_one', 'resell', 'myNft',
    'components/artist', 'components/artwork', 'components/search', 'components/collection',
  ]),
  '/uview-ui/nft/nft',
  '/pages/game/game',
  '/pages/kefu/index',
  '/choose-location',
  '/open-location',
];

/**
 * Routes of our own beyond spec section 2 (issue 26): the user's proof of liabilities in settings, and the
 * public transparency page. The route table and the layout sweep take them with the spec's.
 */
export const OWN_ROUTES: readonly string[] = ['/pages/setting/liabilities', '/pages/common/transparency'];
