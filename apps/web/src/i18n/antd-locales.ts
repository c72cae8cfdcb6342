import type { Lang } from '@fairex/contract';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useEffect, useState } from 'react';

export type AntdLocale = typeof enUS;

/**
 * antd-mobile's own texts (dialog buttons, empty states) follow the app's language. English comes with
 * the app, and simplified Chinese too (antd-mobile's ConfigProvider holds it as its default); another
 * language's texts arrive with its catalogue (loadLanguage), so a first visit loads one more, not six.
 */
export const ANTD_LOCALES: Partial<Record<Lang, AntdLocale>> & { en: AntdLocale } = { en: enUS, zh: zhCN };

const LOADERS: Record<Exclude<Lang, 'en' | 'zh'>, () => Promise<{ default: AntdLocale }>> = {
  hk: () => import('antd-mobile/es/locales/zh-TW'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kor: () => import('antd-mobile/es/locales/ko-KR'),
  fra: () => import('antd-mobile/es/locales/fr-FR'),
  spa: () => import('antd-mobile/es/locales/es-ES'),
};

/** Fetches a language's antd-mobile texts once. */
export async function loadAntdLocale(lang: Lang): Promise<AntdLocale> {
  if (lang === 'en' || lang === 'zh') return ANTD_LOCALES[lang] ?? ANTD_LOCALES.en;
  return (ANTD_LOCALES[lang] ??= (await LOADERS[lang]()).default);
}

/** The texts of `lang` once they are in (English until then), for antd-mobile's ConfigProvider. */
export function useAntdLocale(lang: Lang): AntdLocale {
  const [, arrived] = useState(0);
  const locale = ANTD_LOCALES[lang];
  useEffect(() => {
    if (!locale) loadAntdLocale(lang).then(() => arrived((n) => n + 1), () => undefined);
  }, [lang, locale]);
  return locale ?? ANTD_LOCALES.en;
}
