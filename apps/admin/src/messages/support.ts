/** Back office, customer service: English and Chinese strings with the same keys. */
export const supportEn = {
  'menu.support': 'Customer service',
} as const;

export const supportZh: Record<keyof typeof supportEn, string> = {
  'menu.support': '客服',
};
