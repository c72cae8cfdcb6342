/** Proves every path of spec section 2 (and our own, OWN_ROUTES) is registered, each to a page of its own (not the not-found view). */
import { describe, expect, it, vi } from 'vitest';
import { OWN_ROUTES, SPEC_ROUTES } from '@fairex/contract/routes';
import { matchRoutes } from 'react-router';
import { PUBLIC_ROUTES } from './public-routes.ts';
import { PAGE_ROUTES, preloadOpeningPage, ROUTE_OBJECTS, TAB_ROUTES } from './routes.tsx';

const SPEC_PATHS: readonly string[] = [...SPEC_ROUTES, ...OWN_ROUTES];

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
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('preloads the opening page (its query left aside), but a gated one only with a session', async () => {
    const pageOf = (path: string) => routes.find((route) => route.path === path)! as { page: { preload: () => Promise<unknown> } };
    const market = vi.spyOn(pageOf('/pages/market/market').page, 'preload').mockResolvedValue(undefined);
    const assets = vi.spyOn(pageOf('/pages/fund/assets').page, 'preload').mockResolvedValue(undefined);
    await preloadOpeningPage('#/pages/market/market?tab=1', false);
    expect(market).toHaveBeenCalledTimes(1);
    await preloadOpeningPage('#/pages/fund/assets', false);
    expect(assets).not.toHaveBeenCalled();
    await preloadOpeningPage('#/pages/fund/assets', true);
    expect(assets).toHaveBeenCalledTimes(1);
    // Home comes with the app; an unknown path has nothing to load.
    await expect(preloadOpeningPage('', true)).resolves.toBeUndefined();
    await expect(preloadOpeningPage('#/nowhere', true)).resolves.toBeUndefined();
    vi.restoreAllMocks();
  });
});
