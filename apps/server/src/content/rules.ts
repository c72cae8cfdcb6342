/** Pure rules of content: which language version a reader gets, and when readers see an item. */
import { DEFAULT_LANG, type ContentStatus, type Lang } from '@fairex/contract';

/**
 * The version a reader of `lang` gets: theirs, else English (every item has English: the back office
 * requires it), else none. Example: an item in en and zh gives zh to a zh reader, en to a th reader.
 */
export function pickVersion<V extends { lang: string }>(versions: readonly V[], lang: Lang): V | undefined {
  return versions.find((v) => v.lang === lang) ?? versions.find((v) => v.lang === DEFAULT_LANG);
}

/** Readers see an item once it is published and its publish time has come (a draft or a future item stays hidden). */
export const isVisible = (item: { status: ContentStatus; publishAt: Date }, now: number) => item.status === 'published' && item.publishAt.getTime() <= now;
