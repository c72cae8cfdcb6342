/** Back office, content: English and Chinese strings with the same keys. */
export const contentEn = {
  'menu.content': 'Content',
} as const;

export const contentZh: Record<keyof typeof contentEn, string> = {
  'menu.content': '内容',
};
