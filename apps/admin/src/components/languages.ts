import { LANGS, type Lang } from '@fairex/contract/lang';

/** Each product language in its own name (as the user app's language picker shows them). */
export const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', zh: '简体中文', hk: '繁體中文', th: 'ไทย', jp: '日本語', kor: '한국어', fra: 'Français', spa: 'Español' };
/** The languages of an item's versions, English first: readers of a language without a version get it. */
export const VERSION_LANGUAGES: Lang[] = ['en', ...LANGS.filter((lang) => lang !== 'en')];
