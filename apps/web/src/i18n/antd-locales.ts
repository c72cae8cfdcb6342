import type { Lang } from '@fairex/contract';
import enUS from 'antd-mobile/es/locales/en-US';
import esES from 'antd-mobile/es/locales/es-ES';
import frFR from 'antd-mobile/es/locales/fr-FR';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import koKR from 'antd-mobile/es/locales/ko-KR';
import thTH from 'antd-mobile/es/locales/th-TH';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';

/** antd-mobile's own texts (dialog buttons, empty states) follow the app's language. */
export const ANTD_LOCALES = { zh: zhCN, en: enUS, hk: zhTW, th: thTH, jp: jaJP, kor: koKR, fra: frFR, spa: esES } satisfies Record<Lang, typeof enUS>;
