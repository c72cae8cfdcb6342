/** The eight product languages (spec section 1) and the device locale mapping of spec section 4. */
export const LANGS = ['zh', 'en', 'hk', 'th', 'jp', 'kor', 'fra', 'spa'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** Any incoming language tag (lang field or accept-language) to one of ours; unknown falls back to en. */
export function toLang(value: unknown): Lang {
  if (isLang(value)) return value;
  if (typeof value !== 'string') return DEFAULT_LANG;
  const tag = value.toLowerCase().split(',')[0]!.trim();
  if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-hant') return 'hk';
  if (tag.startsWith('zh')) return 'zh';
  if (tag.startsWith('ja')) return 'jp';
  if (tag.startsWith('ko')) return 'kor';
  if (tag.startsWith('fr')) return 'fra';
  if (tag.startsWith('es')) return 'spa';
  if (tag.startsWith('th')) return 'th';
  return DEFAULT_LANG;
}

/** Spec section 4: zh to zh-Hans, hk to zh-Hant, fra to fr, spa to es, everything else to en. */
export function deviceLocale(lang: Lang): string {
  switch (lang) {
    case 'zh':
      return 'zh-Hans';
    case 'hk':
      return 'zh-Hant';
    case 'fra':
      return 'fr';
    case 'spa':
      return 'es';
    default:
      return 'en';
  }
}
