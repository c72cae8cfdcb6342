import type { Catalogue } from '../catalogue.ts';

/** content: zh strings, the same keys as ./en.ts. */
export const content: Catalogue['content'] = {
  newsTitle: '新闻',
  moreNews: '更多新闻',
  allNews: '全部新闻',
  publishedAt: '发布于 {{date}}',
  updatedAt: '更新于 {{date}}',
  articleMissing: '该文章不可用：可能已被删除或尚未发布。',
  shownInEnglish: '以英文显示：此内容暂无您所用语言的版本。',
  notWritten: '此页面尚未撰写。',
  writeToUs: '联系客服',
  helpLinks: '帮助与信息',
  download: '下载应用',
  android: '下载 Android 版',
  ios: '下载 iPhone 版',
  noLink: '没有可打开的链接。',
  linkRefused: '无法打开此链接：这里只能打开网页地址（http 或 https）。',
  goHome: '返回首页',
  opensOutside: '此页面将在应用外打开。',
  openOutside: '在浏览器中打开',
};
