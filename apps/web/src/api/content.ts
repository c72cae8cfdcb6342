import type { ContentMenuEntry, ContentPage, ContentPageKey, NewsArticle, NewsListItem, NewsPage, PopupAd } from '@fairex/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useStore } from '../store/store.ts';
import { get, post } from './client.ts';
import { usePaged } from './funds.ts';

/**
 * Content (spec section 7 "Home"): news (c_id 4), banners (c_id 5), the popup ad, one article, the
 * pages (FAQ, contact, about, compliance) and their menu, each in the reader's language (or English).
 * Answers depend on the language, so it is part of every key.
 */
export const NEWS_CATEGORY = { news: 4, banner: 5 } as const;
export type { NewsListItem, NewsArticle, PopupAd, ContentPage };

const useLang = () => useStore((s) => s.lang);

export const contentKeys = {
  all: ['content'] as const,
  news: (lang: string, category: number) => ['content', 'news', lang, category] as const,
  article: (lang: string, id: number) => ['content', 'article', lang, id] as const,
  popup: (lang: string) => ['content', 'popup', lang] as const,
  page: (lang: string, key: ContentPageKey) => ['content', 'page', lang, key] as const,
  menu: (lang: string) => ['content', 'menu', lang] as const,
};

/** The first page of a category (home's banners and news); a failed answer shows as none, quietly. */
export const newsListQuery = (lang: string, category: number) =>
  queryOptions({
    queryKey: [...contentKeys.news(lang, category), 'first'],
    queryFn: () => post<NewsPage>('/news/list', { c_id: category }, true).then((page) => page.data),
  });

/** `enabled: false` holds the call back (home asks for its news, below the fold, once the first screen is idle). */
export function useNewsList(category: number, { enabled = true }: { enabled?: boolean } = {}) {
  const lang = useLang();
  return useQuery({ ...newsListQuery(lang, category), enabled });
}

/** The news list, 10 a page, "load more" for the next. */
export function useNewsPages() {
  const lang = useLang();
  return usePaged(contentKeys.news(lang, NEWS_CATEGORY.news), (page) => post<NewsPage>('/news/list', { c_id: NEWS_CATEGORY.news, page }));
}

/** POST /news/detail; an unknown or hidden id fails quietly (the page says so itself). */
export function useArticle(id: number) {
  const lang = useLang();
  return useQuery({ queryKey: contentKeys.article(lang, id), queryFn: () => post<NewsArticle>('/news/detail', { id }, true), enabled: id > 0 });
}

export const popupAdQuery = (lang: string) =>
  queryOptions({ queryKey: contentKeys.popup(lang), queryFn: () => get<PopupAd | null>('/news/index_pop', undefined, true).catch(() => null), staleTime: Infinity });

export function usePopupAd() {
  return useQuery(popupAdQuery(useLang()));
}

/** GET /faq, /contactus, /aboutus or /operational_compliance: the page, or null while none is published. */
export function useContentPage(key: ContentPageKey) {
  const lang = useLang();
  return useQuery({ queryKey: contentKeys.page(lang, key), queryFn: () => get<ContentPage | null>(`/${key}`) });
}

/** GET /menu: the published pages with their titles and screens. */
export function useContentMenu() {
  const lang = useLang();
  return useQuery({ queryKey: contentKeys.menu(lang), queryFn: () => get<ContentMenuEntry[]>('/menu', undefined, true).catch(() => []) });
}

/** The article page of a news item, banner or popup ad. */
export const articlePath = (item: Pick<NewsListItem, 'id'>) => `/pages/common/article?id=${encodeURIComponent(String(item.id))}`;
export const NEWS_LIST_PATH = '/pages/common/article';
