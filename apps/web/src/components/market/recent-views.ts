import { RECENT_VIEWS_KEY } from '../../store/store.ts';

/** The symbols a user opened lately, newest first, kept in localStorage for the search page. */
export const RECENT_VIEWS_MAX = 10;

export function readRecentViews(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(RECENT_VIEWS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string').slice(0, RECENT_VIEWS_MAX) : [];
  } catch {
    return [];
  }
}

export function rememberView(symbol: string) {
  const list = [symbol, ...readRecentViews().filter((item) => item !== symbol)].slice(0, RECENT_VIEWS_MAX);
  localStorage.setItem(RECENT_VIEWS_KEY, JSON.stringify(list));
}

export function clearRecentViews() {
  localStorage.removeItem(RECENT_VIEWS_KEY);
}
