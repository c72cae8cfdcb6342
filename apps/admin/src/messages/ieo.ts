/** Back office, ieo: English and Chinese strings with the same keys. */
export const ieoEn = {} as const;

export const ieoZh: Record<keyof typeof ieoEn, string> = {};
