import type { Catalogue } from '../catalogue.ts';

/** content: hk strings, the same keys as ./en.ts. */
export const content: Catalogue['content'] = {
  newsTitle: '新聞',
  moreNews: '更多新聞',
  allNews: '全部新聞',
  publishedAt: '發佈於 {{date}}',
  updatedAt: '更新於 {{date}}',
  articleMissing: '此文章不可用：可能已被刪除或尚未發佈。',
  shownInEnglish: '以英文顯示：此內容暫無您所用語言的版本。',
  notWritten: '此頁面尚未撰寫。',
  writeToUs: '聯絡客服',
  helpLinks: '幫助與資訊',
  download: '下載應用程式',
  android: '下載 Android 版',
  ios: '下載 iPhone 版',
  noLink: '沒有可開啟的連結。',
  linkRefused: '無法開啟此連結：這裡只能開啟網頁地址（http 或 https）。',
  goHome: '返回首頁',
  opensOutside: '此頁面將在應用程式外開啟。',
  openOutside: '在瀏覽器中開啟',
};
