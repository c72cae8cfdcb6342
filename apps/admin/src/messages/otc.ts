/** Back office, OTC: English and Chinese strings with the same keys. */
export const otcEn = {
  'menu.otc': 'OTC',
} as const;

export const otcZh: Record<keyof typeof otcEn, string> = {
  'menu.otc': '场外交易',
};
