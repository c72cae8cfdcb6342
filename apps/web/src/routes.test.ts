/** Proves every path of spec section 2 is registered, each to a page of its own (not the not-found view). */
import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { PAGE_ROUTES, ROUTE_OBJECTS, TAB_ROUTES } from './routes.tsx';

const group = (base: string, pages: string[]) => pages.map((page) => `${base}/${page}`);

const SPEC_PATHS = [
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
  ...group('/pages/fund', ['select', 'receive', 'receive_withdraw_record', 'withdraw', 'assets', 'assets_record', 'transfer', 'fundTransfer', 'assets_all_record', 'transfer_history']),
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

/** Public by the brief; everything else needs a token (spec section 6: "unless told otherwise"). */
const PUBLIC_PATHS = [
  '/', '/pages/index/index', '/pages/market/market', '/pages/transaction/index', '/pages/financial/index',
  '/pages/common/login', '/pages/common/register', '/pages/common/forget', '/pages/common/area', '/pages/common/aboutus',
  '/pages/common/faq', '/pages/common/contactus', '/pages/common/article',
];

describe('routes', () => {
  const routes = [...TAB_ROUTES, ...PAGE_ROUTES];

  it.each(SPEC_PATHS)('registers %s', (path) => {
    const match = matchRoutes(ROUTE_OBJECTS, path);
    expect(match?.at(-1)?.route.path).toBe(path);
  });

  it('registers the forgot-password screen too, and nothing twice', () => {
    const paths = routes.map((route) => route.path);
    expect(paths).toContain('/pages/common/forget');
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.filter((path) => !SPEC_PATHS.includes(path))).toEqual(['/pages/common/forget']);
  });

  it('keeps exactly the public pages open without a token', () => {
    const open = routes.filter((route) => route.public).map((route) => route.path);
    expect(open.sort()).toEqual([...PUBLIC_PATHS].sort());
  });
});
