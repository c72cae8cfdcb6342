/**
 * The copy-trading screens (spec section 2). The trader travels in the query string (?id=, the trader's
 * user id); a hub list's tab too (?tab=), so each view can be linked to and reloaded.
 */
export const TRADERS_PATH = '/pages/follow/index';
export const COPY_HUB_PATH = '/pages/copytrade/copy';
export const MY_COPIES_PATH = '/pages/copytrade/my';
export const BECOME_TRADER_PATH = '/pages/copytrade/trader';
export const AGREEMENT_PATHS = { zh: '/pages/follow/agreement_zh', en: '/pages/follow/agreement_en' } as const;

export const traderPath = (id: number) => `/pages/follow/trader?id=${id}`;
export const followPath = (id: number) => `/pages/follow/follow?id=${id}`;

/** A trader id from the query string: a positive whole number, or null (the screens then go to the list). */
export function traderIdOf(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id > 0 ? id : null;
}
