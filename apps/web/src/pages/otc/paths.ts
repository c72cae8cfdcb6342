import type { OtcSide } from '@fairex/contract';

/**
 * The OTC screens share the spec's one route, /pages/otc/otc; the view travels in the query string so
 * every view can be linked to and reloaded:
 *   (none) or ?tab=market&side=buy&coin=1&fiat=USD   the ads of a market (side is the taker's);
 *                                                    &ad=ID opens the take sheet of an ad in the list
 *   ?tab=quick                                       quick buy (the home shortcut "quick coin buying")
 *   ?tab=orders[&status=ended]                       my orders
 *   ?order=ID                                        one order with its chat
 *   ?tab=merchant                                    merchant application, or a merchant's ads
 *   ?tab=merchant&post=new | &post=ID                 a new ad, or a new ad copying ad ID's terms
 *   ?tab=payments                                    the user's payment methods
 */
export const OTC_PATH = '/pages/otc/otc';
export type OtcTab = 'market' | 'quick' | 'orders' | 'merchant' | 'payments';
export const OTC_TABS: readonly OtcTab[] = ['market', 'quick', 'orders', 'merchant', 'payments'];

export const otcTabPath = (tab: OtcTab) => (tab === 'market' ? OTC_PATH : `${OTC_PATH}?tab=${tab}`);
export const otcOrderPath = (id: string) => `${OTC_PATH}?order=${encodeURIComponent(id)}`;
export const otcMarketPath = (market: { side: OtcSide; coin: number; fiat: string }) => `${OTC_PATH}?tab=market&side=${market.side}&coin=${market.coin}&fiat=${market.fiat}`;
export const otcPostAdPath = (copyOf?: number) => `${OTC_PATH}?tab=merchant&post=${copyOf ?? 'new'}`;
export const REAL_NAME_SETTINGS_PATH = '/pages/setting/real';
export const BANK_CARD_PATH = { bank: '/pages/setting/bank', international: '/pages/setting/bank_international' } as const;
