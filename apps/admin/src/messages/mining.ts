/** Back office, mining: English and Chinese strings with the same keys. */
export const miningEn = {} as const;

export const miningZh: Record<keyof typeof miningEn, string> = {};
