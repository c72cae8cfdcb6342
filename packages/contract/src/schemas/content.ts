/**
 * Content (spec sections 3 and 7 "Home"): news (c_id 4), banners (c_id 5), the home popup and the pages
 * (FAQ, contact, about, compliance). Each item has one version per language; a reader gets the version
 * in their language, else the English one (every item has English: the back office requires it).
 * Bodies are HTML sanitised by the server on save and again when shown.
 */
import { z } from 'zod';
import { CONTENT_IMAGE_URL_PREFIX, CONTENT_PAGE_KEYS } from '../constants.ts';
import { LANGS } from '../lang.ts';
import { zBool, zLimit, zPage, zPositiveInt } from '../validators.ts';

/** Spec: c_id 4 is news, 5 is banners. */
export const NEWS_CATEGORIES = { news: 4, banner: 5 } as const;
export type NewsCategoryId = (typeof NEWS_CATEGORIES)[keyof typeof NEWS_CATEGORIES];
export type ContentPageKey = (typeof CONTENT_PAGE_KEYS)[number];
export const CONTENT_KINDS = ['news', 'banner', 'page'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const CONTENT_TITLE_CHARS_MAX = 120;
/** The HTML of one version, before sanitising. */
export const CONTENT_HTML_CHARS_MAX = 100_000;
/** A list item's summary: the body as plain text, cut to this many characters. */
export const CONTENT_SUMMARY_CHARS_MAX = 140;
/** Orders an item may take (higher shows first). */
export const CONTENT_SORT_MAX = 1_000_000;

const CONTENT_IMAGE = new RegExp(`^${CONTENT_IMAGE_URL_PREFIX}[a-f0-9]{32}\\.(png|jpg|gif|webp)$`);
/** A content image's URL as the server names it (`/content-images/<32 hex>.<type>`), the only image source content may use. */
export const isContentImage = (value: string) => CONTENT_IMAGE.test(value);
export const zContentImage = z
  .string({ error: 'parameter_error' })
  .trim()
  .refine((v) => v === '' || isContentImage(v), 'parameter_error');

// ---- public calls ----

export const newsListInput = z.object({
  c_id: z.coerce.number({ message: 'parameter_error' }).int('parameter_error').refine((v) => v === 4 || v === 5, 'parameter_error'),
  page: zPage,
  limit: zLimit,
});

export const newsDetailInput = z.object({ id: zPositiveInt });

const zLang = z.enum(LANGS, { error: 'parameter_error' });

/** One item of POST /news/list, in the reader's language or else English (`lang` says which). */
export const newsListItem = z.object({
  id: z.number().int(),
  c_id: z.union([z.literal(NEWS_CATEGORIES.news), z.literal(NEWS_CATEGORIES.banner)]),
  lang: zLang,
  title: z.string(),
  /** The body as plain text, at most CONTENT_SUMMARY_CHARS_MAX characters. */
  summary: z.string(),
  /** The version's image (a content image URL), or ''. */
  image: z.string(),
  published_at: z.string(),
});
export type NewsListItem = z.infer<typeof newsListItem>;
export const newsPage = z.object({ data: z.array(newsListItem), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
export type NewsPage = z.infer<typeof newsPage>;

/** POST /news/detail: the item with its body (sanitised HTML). */
export const newsArticle = newsListItem.extend({ content: z.string() });
export type NewsArticle = z.infer<typeof newsArticle>;

/**
 * GET /news/index_pop: the home popup, or null. `version` changes each time an operator saves it, so a
 * client shows each version once.
 */
export const popupAd = newsListItem.extend({ version: z.number().int() });
export type PopupAd = z.infer<typeof popupAd>;

/** GET /faq, /contactus, /aboutus, /operational_compliance: the page (or null while none is published). */
export const contentPage = z.object({
  key: z.enum(CONTENT_PAGE_KEYS),
  lang: zLang,
  title: z.string(),
  content: z.string(),
  updated_at: z.string(),
});
export type ContentPage = z.infer<typeof contentPage>;

/** GET /menu: the published pages, in the operator's order, with the screen that shows each. */
export const contentMenuEntry = z.object({ key: z.enum(CONTENT_PAGE_KEYS), title: z.string(), path: z.string() });
export type ContentMenuEntry = z.infer<typeof contentMenuEntry>;

// ---- back office (/api/admin/content/*) ----

export const contentVersionInput = z.object({
  lang: zLang,
  title: z.string({ error: 'content_title_required' }).trim().min(1, 'content_title_required').max(CONTENT_TITLE_CHARS_MAX, 'content_title_required'),
  content: z.string({ error: 'parameter_error' }).max(CONTENT_HTML_CHARS_MAX, 'content_too_long').default(''),
  image: zContentImage.default(''),
});
export type ContentVersionInput = z.infer<typeof contentVersionInput>;

/**
 * Saves an item with all its versions (those left out are removed). No id creates, except for a page,
 * which is found by its key. Refused: a page without a key (or news with one), a popup page, the same
 * language twice, no English version.
 */
export const contentSaveInput = z
  .object({
    id: zPositiveInt.optional(),
    kind: z.enum(CONTENT_KINDS, { error: 'parameter_error' }),
    page_key: z.enum(CONTENT_PAGE_KEYS, { error: 'parameter_error' }).optional(),
    status: z.enum(CONTENT_STATUSES, { error: 'parameter_error' }),
    sort: z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(0, 'parameter_error').max(CONTENT_SORT_MAX, 'parameter_error').default(0),
    publish_at: z.iso.datetime({ offset: true, error: 'parameter_error' }),
    popup: zBool.default(false),
    versions: z.array(contentVersionInput, { error: 'parameter_error' }).min(1, 'content_english_required').max(LANGS.length, 'parameter_error'),
  })
  .superRefine((input, context) => {
    const fail = (message: string) => context.addIssue({ code: 'custom', message });
    if ((input.kind === 'page') !== (input.page_key !== undefined)) return fail('parameter_error');
    if (input.kind === 'page' && input.popup) return fail('parameter_error');
    const langs = input.versions.map((v) => v.lang);
    if (new Set(langs).size !== langs.length) return fail('parameter_error');
    if (!langs.includes('en')) fail('content_english_required');
  });
export type ContentSaveInput = z.infer<typeof contentSaveInput>;

export const contentAdminListInput = z.object({ kind: z.enum(CONTENT_KINDS, { error: 'parameter_error' }), page: zPage, limit: zLimit });
export const contentIdInput = z.object({ id: zPositiveInt });
/** POST /api/admin/content/preview: what the sanitiser keeps of some HTML (the editor's live preview). */
export const contentPreviewInput = z.object({ content: z.string({ error: 'parameter_error' }).max(CONTENT_HTML_CHARS_MAX, 'content_too_long') });

export type ContentVersionView = { lang: (typeof LANGS)[number]; title: string; content: string; image: string };
/** An item as the back office edits it; `visible` tells whether readers see it now (published, publish time reached). */
export type ContentAdminItem = {
  id: number;
  kind: ContentKind;
  c_id: NewsCategoryId | null;
  page_key: ContentPageKey | null;
  status: ContentStatus;
  sort: number;
  publish_at: string;
  popup: boolean;
  revision: number;
  demo: boolean;
  visible: boolean;
  updated_at: string;
  versions: ContentVersionView[];
};
/** A row of the back office's list: the versions' languages and titles, without their bodies. */
export type ContentAdminRow = Omit<ContentAdminItem, 'versions'> & { versions: Pick<ContentVersionView, 'lang' | 'title' | 'image'>[] };
