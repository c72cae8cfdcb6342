/** Back office, notices: English and Chinese strings with the same keys. */
export const noticesEn = {
  'menu.notices': 'Notices',
} as const;

export const noticesZh: Record<keyof typeof noticesEn, string> = {
  'menu.notices': '公告',
};
