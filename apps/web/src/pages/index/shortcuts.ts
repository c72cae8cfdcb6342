import type { IconName } from '../../components/icon.tsx';
import type { Catalogue } from '../../i18n/catalogue.ts';

/**
 * The home shortcuts of spec section 2, in the spec's order. Super leverage, mini game and chat room
 * are labels only (spec section 1): their path is null, and tapping one says what it is and that it is
 * not offered (the notice.labelOnly texts), rather than opening a page that does not do it.
 */
export type LabelOnlyKey = keyof Catalogue['notice']['labelOnly'];
export type Shortcut = { key: keyof Catalogue['shortcut']; icon: IconName; path: string } | { key: LabelOnlyKey; icon: IconName; path: null };

export const SHORTCUTS: Shortcut[] = [
  { key: 'recharge', icon: 'recharge', path: '/pages/fund/select' },
  { key: 'withdraw', icon: 'withdraw', path: '/pages/fund/withdraw' },
  { key: 'stock', icon: 'stock', path: '/pages/transaction/contract?kind=stock' },
  { key: 'futures', icon: 'futures', path: '/pages/transaction/contract?kind=futures' },
  { key: 'copyTrade', icon: 'copyTrade', path: '/pages/follow/index' },
  { key: 'finance', icon: 'finance', path: '/pages/financial/index' },
  { key: 'superLeverage', icon: 'superLeverage', path: null },
  { key: 'otc', icon: 'otc', path: '/pages/otc/otc' },
  { key: 'couponCentre', icon: 'coupon', path: '/pages/setting/coupon' },
  { key: 'bills', icon: 'bill', path: '/pages/setting/bill' },
  { key: 'exchange', icon: 'exchange', path: '/pages/fund/transfer' },
  { key: 'mining', icon: 'mining', path: '/pages/lockming/lockming?category=lock' },
  { key: 'miniGame', icon: 'game', path: null },
  { key: 'chatRoom', icon: 'chat', path: null },
  { key: 'quickBuy', icon: 'quickBuy', path: '/pages/otc/otc?tab=quick' },
  { key: 'nft', icon: 'nft', path: '/pages/nft/nft' },
  // DeFi and cloud mining are categories of mining products, on the same screen.
  { key: 'defiMining', icon: 'defi', path: '/pages/lockming/lockming?category=defi' },
  { key: 'cloudMining', icon: 'cloud', path: '/pages/lockming/lockming?category=cloud' },
  { key: 'transfer', icon: 'transfer', path: '/pages/fund/fundTransfer' },
  { key: 'ieo', icon: 'ieo', path: '/pages/ieo/ieo' },
  { key: 'options', icon: 'options', path: '/pages/transaction/seconds_order' },
  { key: 'borrowing', icon: 'borrowing', path: '/pages/common/borrowing' },
];
