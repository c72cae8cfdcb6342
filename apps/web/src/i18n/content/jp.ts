import type { Catalogue } from '../catalogue.ts';

/** content: jp strings, the same keys as ./en.ts. */
export const content: Catalogue['content'] = {
  newsTitle: 'ニュース',
  moreNews: 'ニュースをもっと見る',
  allNews: 'すべてのニュース',
  publishedAt: '{{date}} 公開',
  updatedAt: '{{date}} 更新',
  articleMissing: 'この記事は表示できません。削除されたか、まだ公開されていない可能性があります。',
  shownInEnglish: '英語で表示しています：この内容にはまだお使いの言語の版がありません。',
  notWritten: 'このページはまだ作成されていません。',
  writeToUs: 'カスタマーサービスに連絡',
  helpLinks: 'ヘルプと情報',
  download: 'アプリをダウンロード',
  android: 'Android 版をダウンロード',
  ios: 'iPhone 版をダウンロード',
  noLink: '開くリンクがありません。',
  linkRefused: 'このリンクは開けません：ここではウェブアドレス（http または https）のみ開けます。',
  goHome: 'ホームに戻る',
  opensOutside: 'このページはアプリの外で開きます。',
  openOutside: 'ブラウザで開く',
};
