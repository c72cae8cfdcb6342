import type { Lang } from '@fairex/contract';
import { DEFAULT_LANG, deviceLocale } from '@fairex/contract/lang';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getState, setState } from '../store/store.ts';
import { loadAntdLocale } from './antd-locales.ts';
import type { Catalogue } from './catalogue.ts';
import { en } from './en.ts';

/**
 * English (the fallback) comes with the app, but for the parts only some pages show (en-pages.ts, fetched
 * with the first of them: loadPageStrings); every other catalogue is its own file, fetched when its
 * language is chosen, so a first visit downloads and runs one language instead of eight.
 */
const LOADERS: Record<Exclude<Lang, 'en'>, () => Promise<Catalogue>> = {
  zh: () => import('./zh.ts').then((m) => m.zh),
  hk: () => import('./hk.ts').then((m) => m.hk),
  th: () => import('./th.ts').then((m) => m.th),
  jp: () => import('./jp.ts').then((m) => m.jp),
  kor: () => import('./kor.ts').then((m) => m.kor),
  fra: () => import('./fra.ts').then((m) => m.fra),
  spa: () => import('./spa.ts').then((m) => m.spa),
};

/** Each language in its own name, for the language picker. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  zh: '简体中文',
  en: 'English',
  hk: '繁體中文',
  th: 'ไทย',
  jp: '日本語',
  kor: '한국어',
  fra: 'Français',
  spa: 'Español',
};

/** The BCP 47 tag for Intl (country names, currency names, dates) in each language. */
export const INTL_LOCALES: Record<Lang, string> = {
  zh: 'zh-CN',
  en: 'en',
  hk: 'zh-TW',
  th: 'th',
  jp: 'ja',
  kor: 'ko',
  fra: 'fr',
  spa: 'es',
};

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: getState().lang,
  fallbackLng: DEFAULT_LANG,
  interpolation: { escapeValue: false },
  initAsync: false,
});

// i18next picks a plural form (`_one`, `_other`...) by Intl.PluralRules of the language's code, and the
// app's codes are not all BCP 47 (Intl takes jp and hk for no language and uses the device's rules): it is
// given each language's own tag, so "1 件" in Japanese and "1 lot" in English each follow their own rules.
const plurals = i18n.services.pluralResolver;
const ruleOf = plurals.getRule.bind(plurals);
plurals.getRule = (code: string, options?: object) => ruleOf(INTL_LOCALES[code as Lang] ?? code, options);

/**
 * Fetches a language's catalogue and antd-mobile's texts in it once (English is always there); the
 * start-up awaits the stored one before the first render.
 */
export async function loadLanguage(lang: Lang): Promise<void> {
  if (lang === 'en' || i18n.hasResourceBundle(lang, 'translation')) return;
  const [catalogue] = await Promise.all([LOADERS[lang](), loadAntdLocale(lang)]);
  i18n.addResourceBundle(lang, 'translation', catalogue);
}

let pageStrings: Promise<void> | undefined;

/**
 * Fetches the English strings only some pages show (en-pages.ts) once, whatever the language (English is
 * every language's fallback): lazy pages wait for it with their file (lazy-page.tsx). A failed fetch is
 * tried again by the next page.
 */
export function loadPageStrings(): Promise<void> {
  pageStrings ??= import('./en-pages.ts').then(
    ({ enPages }) => void i18n.addResourceBundle('en', 'translation', enPages, true, true),
    (error: unknown) => {
      pageStrings = undefined;
      throw error;
    },
  );
  return pageStrings;
}

/** The page's meta description (index.html has the English one) in the language shown. */
function describePage() {
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18n.t('app.description'));
}

/**
 * Switches the language everywhere: the catalogue, the stored choice, the document's locale (spec
 * section 4) and its description. A catalogue still arriving shows once it is there, unless another
 * language was chosen meanwhile.
 */
export function applyLanguage(lang: Lang) {
  document.documentElement.lang = deviceLocale(lang);
  if (getState().lang !== lang) setState({ lang });
  loadLanguage(lang).then(
    async () => {
      if (getState().lang !== lang) return;
      if (i18n.language !== lang) await i18n.changeLanguage(lang);
      describePage();
    },
    () => undefined, // The file did not arrive: the app stays in the language it shows.
  );
}
