/** Back office, Loans: English and Chinese strings with the same keys. */
export const loansEn = {
  'menu.loans': 'Loans',
} as const;

export const loansZh: Record<keyof typeof loansEn, string> = {
  'menu.loans': '借贷',
};
