/** Spec section 9, as typed constants. Units go last in names. */
export const APP_VERSION = '0.8.0';
export const APP_VERSION_CODE = 80;
/** Stored-version check (spec section 4): storage below this version is cleared once. */
export const STORAGE_VERSION = 1;

export const WITHDRAW_LIMIT_24H_BTC = { lv1: '200', lv2: '500' } as const;
export const FIAT_TRADE_LIMIT_PER_ORDER_USDT = { lv1: '2000', lv2: '1000000' } as const;

export const NICKNAME_LENGTH = { min: 2, max: 10 } as const;
export const SIGNATURE_LENGTH = { min: 2, max: 30 } as const;
/** "More than 6 characters": 7 is the shortest accepted. */
export const PASSWORD_LENGTH_MIN = 7;
export const PASSWORD_LENGTH_MAX = 64;
export const VERIFICATION_CODE_LENGTH = 6;

export const DEFAULT_AREA_CODE = '86';
export const DEFAULT_FIAT = 'USD';
export const FIAT_RATES_CACHE_MS = 24 * 60 * 60 * 1000;
export const KEPT_FIAT_CURRENCIES = ['USD', 'CNY', 'GBP', 'HKD', 'JPY', 'EUR', 'AED', 'THB', 'PHP', 'SGD', 'VND'] as const;

export const PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = 5;
export const PAGE_SIZE_MAX = 100;

export const BALANCE_DISPLAY_DECIMALS = 4;

export const PAGE_LOADING_DELAY_MS = 200;
export const PAGE_LOAD_TIMEOUT_MS = 60_000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const SOCKET_TIMEOUT_MS = 60_000;
export const UPLOAD_TIMEOUT_MS = 60_000;
export const DOWNLOAD_TIMEOUT_MS = 60_000;
export const REDIRECT_DELAY_MS = 1200;
export const TOAST_DURATION_MS = 1500;
export const DEBOUNCE_MS = 500;
export const REQUEST_LOADING_MS = 800;
export const PAGE_TRANSITION_MS = 200;

export const TAB_BAR_ENTRIES = 5;

/** socket.io client reconnection (spec section 9, the first library default set). */
export const REALTIME_RECONNECT = {
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const;

export const COLORS = {
  up: '#0ecb81',
  down: '#f6465d',
  base: '#d4a94f',
  tabText: '#ffffff',
  tabSelected: '#f0d49a',
  tabBackground: '#14151a',
  coin: { BTC: '#f7931a', USDT: '#26a17b', LTC: '#345d9d', ETH: '#627eea' },
} as const;

export const Z_INDEX = {
  toast: 10090,
  noNetwork: 10080,
  popup: 10075,
  mask: 10070,
  navbar: 980,
  topTips: 975,
  sticky: 970,
} as const;

export const DESIGN_WIDTH = 750;

/**
 * Significant digits of money arithmetic. The spec's "precision 20" (section 9) is a display concern,
 * kept by the display helpers; arithmetic carries 40 digits, more than NUMERIC(36,18) holds, so no sum,
 * difference or product of stored amounts ever loses a digit (DESIGN.md, "Stack").
 */
export const DECIMAL_PRECISION = 40;

/** The K-line periods (spec section 7, /market/kline). */
export const CANDLE_PERIOD_NAMES = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon'] as const;
/** Contract positions and orders per page. */
export const CONTRACT_PAGE_SIZE = PAGE_SIZE;
/** Spot orders per page. */
export const SPOT_PAGE_SIZE = 10;
/** Trades sent in the snapshot on joining a book room (the `trades` event), newest first. */
export const RECENT_TRADES_SNAPSHOT_SIZE = 50;

// Content and customer service (issue 12).
/** The pages operators write, by the call that answers each (GET /faq, /contactus, /aboutus, /operational_compliance). */
export const CONTENT_PAGE_KEYS = ['faq', 'contactus', 'aboutus', 'operational_compliance'] as const;
/** Where the web app shows each page. */
export const CONTENT_PAGE_ROUTES = {
  faq: '/pages/common/faq',
  contactus: '/pages/common/contactus',
  aboutus: '/pages/common/aboutus',
  operational_compliance: '/pages/setting/operational_compliance',
} as const;
/** Where operators' content images are served (public: articles are public pages). */
export const CONTENT_IMAGE_URL_PREFIX = '/content-images/';
/** A customer-service message's longest text, in characters (the form counts down to it). */
export const SUPPORT_MESSAGE_CHARS_MAX = 1000;
/** Messages of a thread per page, newest first. */
export const SUPPORT_MESSAGES_PAGE_SIZE = 30;
/** The socket.io event that brings an operator's answer to the user's room. */
export const SUPPORT_REALTIME_EVENT = 'support';
