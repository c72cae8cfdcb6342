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

const positiveInt = (value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
};

export function pageQueryOf(request: Request): PageQuery {
  const params = new URL(request.url).searchParams;
  return {
    page: positiveInt(params.get('page'), 1),
    limit: positiveInt(params.get('limit'), PAGE_SIZE, PAGE_SIZE_MAX),
    q: params.get('q')?.trim() || undefined,
  };
}

export const emptyPage = <T>({ page, limit }: PageQuery): Page<T> => ({ data: [], total: 0, page, limit });
