import type { Catalogue } from '../catalogue.ts';

/** kefu: kor strings, the same keys as ./en.ts. */
export const kefu: Catalogue['kefu'] = {
  messages: '메시지',
  older: '이전 메시지',
  empty: '무엇이든 물어보세요. 여기서 답변해 드립니다.',
  you: '나',
  service: '고객센터',
  image: '첨부 이미지',
  attach: '이미지 추가',
  removeImage: '이미지 삭제',
  message: '메시지 내용',
  placeholder: '메시지를 입력하세요',
  send: '보내기',
  charsLeft_other: '{{count}}자 남음',
  charsOver_other: '{{count}}자 초과',
  emptyMessage: '메시지를 입력하거나 이미지를 추가해 주세요',
  tooLong: '최대 {{max}}자',
};
