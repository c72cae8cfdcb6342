import type { Lang, UserInfo } from '@fairex/contract';
import { DEFAULT_FIAT, STORAGE_VERSION } from '@fairex/contract/constants';
import { DEFAULT_LANG, isLang } from '@fairex/contract/lang';
import { useSyncExternalStore } from 'react';

/**
 * The app's tiny store: a few values persisted in localStorage under the spec's keys, read through
 * useSyncExternalStore. Server data lives in TanStack Query; only the session and the preferences live here.
 * The session (token and user) lives in localStorage when the user chose to stay logged in, else in
 * sessionStorage, so it ends with the browser session; it is only ever in one of the two.
 */
export type Theme = 'light' | 'dark';
export type FiatChoice = { currency_code: string; rate: string; saveTime: number };
/** A kept fiat rate of GET /apis/US.json, against USD. */
export type StoredFiatRate = { currency_code: string; rate: string };
export type StoreState = {
  token: string;
  lang: Lang;
  theme: Theme;
  fiat: FiatChoice;
  user: UserInfo | null;
  h5Version: number;
  /** The kept fiat rates and when they were fetched (spec: saveFiatsTime), so the 24 h cache outlives a reload. */
  fiats: StoredFiatRate[];
  saveFiatsTime: number;
};

const KEYS = ['token', 'lang', 'theme', 'fiat', 'user', 'h5Version', 'fiats', 'saveFiatsTime'] as const satisfies readonly (keyof StoreState)[];
/** The search page's recently opened symbols (components/market/recent-views.ts). */
export const RECENT_VIEWS_KEY = 'marketRecentViews';
/** The home popup ad last shown, `<id>:<version>` (pages/index/popup-ad.tsx): each version shows once. */
export const POPUP_SEEN_KEY = 'popupSeen';
/**
 * Every localStorage key the web app owns, in one place. The origin is shared with the back office
 * (served under /admin), so the app never clears storage wholesale: only these keys are its own.
 */
export const OWN_STORAGE_KEYS: readonly string[] = [...KEYS, RECENT_VIEWS_KEY, POPUP_SEEN_KEY];
const DEFAULT_FIAT_CHOICE: FiatChoice = { currency_code: DEFAULT_FIAT, rate: '1', saveTime: 0 };
/** The keys of the login session: kept for the browser session only unless the user stays logged in. */
const SESSION_KEYS: readonly string[] = ['token', 'user'] as const satisfies readonly (keyof StoreState)[];

/** sessionStorage, or undefined where the browser refuses it (then the session lives in memory only). */
function browserSession(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

function readItem(key: string): string | null {
  try {
    return (SESSION_KEYS.includes(key) ? browserSession()?.getItem(key) : null) ?? localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Where the session keys are written: localStorage (stay logged in) or sessionStorage. */
let rememberSession = true;

function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  const raw = readItem(key);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isValid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const isFiatChoice = (value: unknown): value is FiatChoice =>
  typeof value === 'object' && value !== null && typeof (value as FiatChoice).currency_code === 'string' && typeof (value as FiatChoice).rate === 'string';
const isFiatRates = (value: unknown): value is StoredFiatRate[] =>
  Array.isArray(value) && value.every((r) => typeof r?.currency_code === 'string' && typeof r?.rate === 'string');
const isUser = (value: unknown): value is UserInfo =>
  typeof value === 'object' && value !== null && typeof (value as UserInfo).id === 'number';

function readState(): StoreState {
  rememberSession = browserSession()?.getItem('token') == null;
  const lang = readItem('lang');
  const theme = readItem('theme');
  return {
    token: readItem('token') ?? '',
    lang: isLang(lang) ? lang : DEFAULT_LANG,
    theme: theme === 'dark' ? 'dark' : 'light',
    fiat: readJson('fiat', isFiatChoice) ?? DEFAULT_FIAT_CHOICE,
    user: readJson('user', isUser),
    h5Version: Number(readItem('h5Version')) || 0,
    fiats: readJson('fiats', isFiatRates) ?? [],
    saveFiatsTime: Number(readItem('saveFiatsTime')) || 0,
  };
}

function writeItem(key: (typeof KEYS)[number], value: StoreState[typeof key]) {
  try {
    const isSessionKey = SESSION_KEYS.includes(key);
    if (isSessionKey) browserSession()?.removeItem(key);
    localStorage.removeItem(key);
    if (value === '' || value === null) return;
    const storage = isSessionKey && !rememberSession ? browserSession() : localStorage;
    storage?.setItem(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  } catch {
    // Private mode or a full quota: the value still lives in memory for this visit.
  }
}

let state: StoreState = readState();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const getState = (): StoreState => state;

export function setState(patch: Partial<StoreState>) {
  const next = { ...state, ...patch };
  for (const key of KEYS) if (key in patch && next[key] !== state[key]) writeItem(key, next[key]);
  state = next;
  emit();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads localStorage (another tab changed it, or a test reset it). */
export function reloadState() {
  state = readState();
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (KEYS as readonly string[]).includes(event.key)) reloadState();
  });
}

/** Selectors must return a value held in the state (not a new object), as useSyncExternalStore compares by identity. */
export function useStore<T>(selector: (s: StoreState) => T): T {
  return useSyncExternalStore(subscribe, () => selector(state), () => selector(state));
}

/**
 * Spec section 4: login saves the token; clearing the user removes the token and the user. `remember`
 * is the login form's stay-logged-in choice: unticked, the token and user are kept for this browser
 * session only (the server, too, ends such a session after a short time without use).
 */
export function saveToken(token: string, { remember = true }: { remember?: boolean } = {}) {
  if (remember !== rememberSession) {
    // Move the session to its new home even when the token is unchanged.
    rememberSession = remember;
    writeItem('token', state.token);
    writeItem('user', state.user);
  }
  setState({ token });
}
export const saveUser = (user: UserInfo) => setState({ user });
export const clearSession = () => setState({ token: '', user: null });
export const hasToken = () => state.token !== '';

/**
 * Spec section 4: storage older than STORAGE_VERSION is cleared once, then the version is recorded.
 * Only the app's own keys are removed: the back office's operator session lives on the same origin.
 */
export function checkStorageVersion() {
  if (readState().h5Version < STORAGE_VERSION) {
    try {
      for (const key of OWN_STORAGE_KEYS) localStorage.removeItem(key);
      for (const key of SESSION_KEYS) browserSession()?.removeItem(key);
    } catch {
      // Nothing stored that could be cleared.
    }
    state = readState();
    setState({ h5Version: STORAGE_VERSION });
  }
}
