import type { Catalogue } from '../catalogue.ts';

/** content: kor strings, the same keys as ./en.ts. */
export const content: Catalogue['content'] = {
  newsTitle: '뉴스',
  moreNews: '뉴스 더 보기',
  allNews: '전체 뉴스',
  publishedAt: '{{date}} 게시',
  updatedAt: '{{date}} 업데이트',
  articleMissing: '이 글을 볼 수 없습니다. 삭제되었거나 아직 게시되지 않았을 수 있습니다.',
  shownInEnglish: '영어로 표시됩니다: 이 내용은 아직 사용하시는 언어 버전이 없습니다.',
  notWritten: '이 페이지는 아직 작성되지 않았습니다.',
  writeToUs: '고객센터에 문의하기',
  helpLinks: '도움말 및 정보',
  download: '앱 다운로드',
  android: 'Android용 다운로드',
  ios: 'iPhone용 다운로드',
  noLink: '열 링크가 없습니다.',
  linkRefused: '이 링크는 열 수 없습니다: 여기서는 웹 주소(http 또는 https)만 열립니다.',
  goHome: '홈으로 돌아가기',
  opensOutside: '이 페이지는 앱 밖에서 열립니다.',
  openOutside: '브라우저에서 열기',
};
