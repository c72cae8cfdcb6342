import { DEFAULT_LANG, LANGS, deviceLocale, type Lang } from '@fairex/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getState, setState } from '../store/store.ts';
import type { Catalogue } from './catalogue.ts';
import { en } from './en.ts';
import { fra } from './fra.ts';
import { hk } from './hk.ts';
import { jp } from './jp.ts';
import { kor } from './kor.ts';
import { spa } from './spa.ts';
import { th } from './th.ts';
import { zh } from './zh.ts';

export const CATALOGUES: Record<Lang, Catalogue> = { zh, en, hk, th, jp, kor, fra, spa };

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
  resources: Object.fromEntries(LANGS.map((lang) => [lang, { translation: CATALOGUES[lang] }])),
  lng: getState().lang,
  fallbackLng: DEFAULT_LANG,
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Switches the language everywhere: the catalogue, the stored choice and the document's locale (spec section 4). */
export function applyLanguage(lang: Lang) {
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  document.documentElement.lang = deviceLocale(lang);
  if (getState().lang !== lang) setState({ lang });
}
