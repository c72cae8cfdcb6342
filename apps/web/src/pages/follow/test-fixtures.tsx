/** Test fixtures for the copy-trading screens: traders, follows, copies, skips and the caller's standing as the server answers them, and the screens in a router. */
import type { CopyMe, CopyPositionView, CopySkipView, FollowView, TraderCard, TraderDetail, TraderTrade } from '@fairex/contract';
import { saveToken } from '../../store/store.ts';
import { renderRoutes } from '../../test/render-app.tsx';
import { CopytradeCopyPage } from '../copytrade/copy.tsx';
import { CopytradeMyPage } from '../copytrade/my.tsx';
import { CopytradeTraderPage } from '../copytrade/trader.tsx';
import { FollowAgreementEnPage } from './agreement_en.tsx';
import { FollowAgreementZhPage } from './agreement_zh.tsx';
import { FollowFollowPage } from './follow.tsx';
import { FollowIndexPage } from './index.tsx';
import { FollowTraderPage } from './trader.tsx';

export const WAIT = { timeout: 8000 };
export const NOW = Date.parse('2026-11-25T10:00:00Z');
const DAY_MS = 86_400_000;

export const LIMITS = { traders_per_follower_max: 10, ratio_max: '5', lots_max: 50, profit_share_rate: '0.1' };

/** Alice: three closed own positions of net +100 (long), -40 (short), +20 (short) on margins 500, 400, 100 (copy-rules.ts's worked example). */
export function traderCard(overrides: Partial<TraderCard> = {}): TraderCard {
  return {
    trader_user_id: 21,
    name: 'Alice',
    avatar: null,
    demo: false,
    since: NOW - 90 * DAY_MS,
    profit_share_rate: '0.1',
    following: false,
    stats: {
      total_profit: '80',
      total_return: '8.00',
      accuracy: '66.67',
      profitable_orders: 2,
      long_wins: 1,
      short_wins: 1,
      total_orders: 3,
      yesterday_trades: 1,
      current_positions: 2,
      followers: 1250,
      computed_at: NOW - 20 * 60_000,
      first_trade_at: NOW - 30 * DAY_MS,
    },
    ...overrides,
  };
}

export function follow(overrides: Partial<FollowView> = {}): FollowView {
  return {
    id: 301,
    trader_user_id: 21,
    trader_name: 'Alice',
    type: 'multiple',
    number: '1.5',
    status: 'following',
    profit_share_rate: '0.1',
    created_at: NOW - 10 * DAY_MS,
    updated_at: NOW - 10 * DAY_MS,
    cancelled_at: null,
    follow_amount: '240',
    open_copies: 2,
    closed_copies: 5,
    self_held: 0,
    earnings: '36.5',
    profit_share_paid: '4.2',
    skipped: 1,
    ...overrides,
  };
}

export function traderDetail(overrides: Partial<TraderDetail> = {}): TraderDetail {
  return {
    ...traderCard(),
    series: [
      { day: '2026-11-23', profit: '100', cumulative: '100' },
      { day: '2026-11-24', profit: '-40', cumulative: '60' },
      { day: '2026-11-25', profit: '20', cumulative: '80' },
    ],
    time_zone: 'Asia/Shanghai',
    my_follow: null,
    can_follow: true,
    cannot_follow_reason: null,
    limits: LIMITS,
    ...overrides,
  };
}

export function trade(overrides: Partial<TraderTrade> = {}): TraderTrade {
  return {
    id: 901,
    symbol: 'BTCUSDT',
    side: 'long',
    share: 3,
    multiple: 10,
    open_price: '64000',
    close_price: '65000',
    margin: '500',
    profit: '100',
    opened_at: NOW - 2 * DAY_MS,
    closed_at: NOW - DAY_MS,
    ...overrides,
  };
}

export function copyPosition(overrides: Partial<CopyPositionView> = {}): CopyPositionView {
  return {
    id: 5001,
    symbol_id: 11,
    symbol: 'BTCUSDT',
    currency_id: 11,
    legal_id: 1,
    side: 'long',
    type: 1,
    order_kind: 'market',
    status: 'open',
    share: 4,
    multiple: 10,
    target_price: null,
    open_price: '64000',
    current_price: '65000',
    margin: '256',
    handling_fee: '1.28',
    overnight_fee: '0',
    target_profit_price: null,
    stop_loss_price: null,
    profit: '40',
    liquidation_price: '57600',
    close_reason: null,
    open_tick_id: '1',
    close_tick_id: null,
    copy_trader_id: 21,
    self_held: false,
    created_at: '2026-11-25T09:00:00.000Z',
    opened_at: '2026-11-25T09:00:00.000Z',
    closed_at: null,
    trader_user_id: 21,
    trader_name: 'Alice',
    copy_of: 4001,
    profit_share: null,
    ...overrides,
  };
}

export function skip(overrides: Partial<CopySkipView> = {}): CopySkipView {
  return { id: 77, trader_user_id: 21, trader_name: 'Alice', symbol: 'ETHUSDT', side: 'short', trader_lots: 3, reason: 'insufficient_balance', created_at: Date.now() - 2 * 3_600_000, ...overrides };
}

export function me(overrides: Partial<CopyMe> = {}): CopyMe {
  return {
    trader: null,
    can_apply: true,
    cannot_apply_reason: null,
    follower: { following: 0, follow_amount: '0', earnings: '0', open_copies: 0, self_held: 0 },
    limits: LIMITS,
    ...overrides,
  };
}

export const page = <T,>(data: T[], total = data.length, number = 1) => ({ data, total, page: number, limit: 10 });

/** The copy-trading screens in a memory router at `path`, logged in unless told otherwise; the login page as a stand-in. */
export function openCopy(path: string, { loggedIn = true }: { loggedIn?: boolean } = {}) {
  if (loggedIn) saveToken('a-token');
  const routes = [
    { path: '/pages/follow/index', Component: FollowIndexPage },
    { path: '/pages/follow/trader', Component: FollowTraderPage },
    { path: '/pages/follow/follow', Component: FollowFollowPage },
    { path: '/pages/follow/agreement_zh', Component: FollowAgreementZhPage },
    { path: '/pages/follow/agreement_en', Component: FollowAgreementEnPage },
    { path: '/pages/copytrade/copy', Component: CopytradeCopyPage },
    { path: '/pages/copytrade/my', Component: CopytradeMyPage },
    { path: '/pages/copytrade/trader', Component: CopytradeTraderPage },
    ...['/pages/common/login', '/pages/transaction/contract_order'].map((stand) => ({ path: stand, Component: () => <p>{`screen ${stand}`}</p> })),
  ];
  return renderRoutes(routes, path).router;
}
