/** Back office, invest: English and Chinese strings with the same keys. */
export const investEn = {} as const;

export const investZh: Record<keyof typeof investEn, string> = {};
