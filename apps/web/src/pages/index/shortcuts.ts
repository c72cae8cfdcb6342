import type { IconName } from '../../components/icon.tsx';
import type { Catalogue } from '../../i18n/catalogue.ts';

/**
 * The home shortcuts of spec section 2, in the spec's order. Capabilities that are labels only
 * (super leverage, chat room) open the closest page: futures and customer service.
 */
export type Shortcut = { key: keyof Catalogue['shortcut']; icon: IconName; path: string };

export const SHORTCUTS: Shortcut[] = [
  { key: 'recharge', icon: 'recharge', path: '/pages/fund/select' },
  { key: 'withdraw', icon: 'withdraw', path: '/pages/fund/withdraw' },
  { key: 'stock', icon: 'stock', path: '/pages/transaction/contract?kind=stock' },
  { key: 'futures', icon: 'futures', path: '/pages/transaction/contract?kind=futures' },
  { key: 'copyTrade', icon: 'copyTrade', path: '/pages/copytrade/copy' },
  { key: 'finance', icon: 'finance', path: '/pages/financial/index' },
  { key: 'superLeverage', icon: 'superLeverage', path: '/pages/transaction/contract?kind=futures' },
  { key: 'otc', icon: 'otc', path: '/pages/otc/otc' },
  { key: 'couponCentre', icon: 'coupon', path: '/pages/setting/coupon' },
  { key: 'bills', icon: 'bill', path: '/pages/setting/bill' },
  { key: 'exchange', icon: 'exchange', path: '/pages/fund/transfer' },
  { key: 'mining', icon: 'mining', path: '/pages/lockming/lockming?category=lock' },
  { key: 'miniGame', icon: 'game', path: '/pages/game/game' },
  { key: 'chatRoom', icon: 'chat', path: '/pages/kefu/index' },
  { key: 'quickBuy', icon: 'quickBuy', path: '/pages/otc/otc' },
  { key: 'nft', icon: 'nft', path: '/pages/nft/nft' },
  // DeFi and cloud mining are categories of mining products, on the same screen.
  { key: 'defiMining', icon: 'defi', path: '/pages/lockming/lockming?category=defi' },
  { key: 'cloudMining', icon: 'cloud', path: '/pages/lockming/lockming?category=cloud' },
  { key: 'transfer', icon: 'transfer', path: '/pages/fund/fundTransfer' },
  { key: 'ieo', icon: 'ieo', path: '/pages/ieo/ieo' },
  { key: 'options', icon: 'options', path: '/pages/transaction/seconds_order' },
  { key: 'borrowing', icon: 'borrowing', path: '/pages/common/borrowing' },
];
