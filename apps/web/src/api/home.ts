import { useQuery } from '@tanstack/react-query';
import { get, post } from './client.ts';

/**
 * Home content (spec section 7 "Home"): banners (news c_id 5), news (c_id 4) and the popup ad. These
 * calls may not be served yet, so a failed answer is an empty list, quietly.
 */
export const NEWS_CATEGORY = { news: 4, banner: 5 } as const;

/** The fields a news item or banner may carry; older servers spell the image and the date differently. */
export type NewsItem = {
  id: number | string;
  title?: string;
  content?: string;
  thumbnail?: string;
  cover?: string;
  image?: string;
  url?: string;
  link?: string;
  created_at?: string;
  create_time?: string;
};

/** A list answer may be a bare array or a page ({ data: [...] }). */
function itemsOf(answer: unknown): NewsItem[] {
  const list = Array.isArray(answer) ? answer : (answer as { data?: unknown } | null)?.data;
  return Array.isArray(list) ? list.filter((item): item is NewsItem => typeof item === 'object' && item !== null) : [];
}

const isSingleItem = (answer: unknown): answer is NewsItem =>
  typeof answer === 'object' && answer !== null && !Array.isArray(answer) && !('data' in answer);

export function useNewsList(category: number) {
  return useQuery({
    queryKey: ['news', 'list', category],
    queryFn: () => post<unknown>('/news/list', { c_id: category }, true).then(itemsOf, () => []),
  });
}

export function usePopupAd() {
  return useQuery({
    queryKey: ['news', 'pop'],
    queryFn: () =>
      get<unknown>('/news/index_pop', undefined, true).then(
        (answer) => itemsOf(answer)[0] ?? (isSingleItem(answer) ? answer : null),
        () => null,
      ),
    staleTime: Infinity,
  });
}

export const imageOf = (item: NewsItem) => item.thumbnail || item.cover || item.image || '';
export const dateOf = (item: NewsItem) => item.created_at || item.create_time || '';
/** The article page of a news item, banner or popup ad. */
export const articlePath = (item: Pick<NewsItem, 'id'>) => `/pages/common/article?id=${encodeURIComponent(String(item.id))}`;
