/** Helpers for route loaders: the page state lives in the URL (?page=&limit=&q=), so Back works. */
import { redirect } from 'react-router';
import { isSessionLost, PAGE_SIZE, PAGE_SIZE_MAX, type Page, type PageQuery } from './api.ts';
import { showError } from './notify.ts';

/**
 * Runs one API call for a loader. A lost session goes to the login screen; any other failure is
 * shown as a toast and the page renders the fallback instead of an error screen.
 */
export async function loadOr<T>(call: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isSessionLost(error)) throw redirect('/login');
    showError(error);
    return fallback;
  }
}

/** A URL parameter that must be a positive whole number (an id, a page), or undefined. */
export function positiveIntParam(params: URLSearchParams, name: string): number | undefined {
  const n = Number(params.get(name));
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export function pageQueryOf(request: Request): PageQuery {
  const params = new URL(request.url).searchParams;
  return {
    page: positiveIntParam(params, 'page') ?? 1,
    limit: Math.min(positiveIntParam(params, 'limit') ?? PAGE_SIZE, PAGE_SIZE_MAX),
    q: params.get('q')?.trim() || undefined,
  };
}

/** The page of a screen's second (or third) list, kept in ?<name>= beside the first list's ?page=. */
export const listQueryOf = (params: URLSearchParams, name: string): PageQuery => ({ page: positiveIntParam(params, name) ?? 1, limit: PAGE_SIZE });

export const emptyPage = <T>({ page, limit }: PageQuery): Page<T> => ({ data: [], total: 0, page, limit });
