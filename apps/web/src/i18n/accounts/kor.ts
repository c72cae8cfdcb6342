import type { Catalogue } from '../catalogue.ts';

/** accounts: kor strings, the same keys as ./en.ts. */
export const accounts: Catalogue['accounts'] = {
  errors: {
    name_invalid: '신분증에 적힌 대로 이름을 입력하세요: 문자, 공백, \' - . · 만 사용할 수 있습니다',
    id_number_invalid: '올바른 신분증 번호를 입력하세요',
    card_number_invalid: '올바른 카드 번호를 입력하세요: 12-19자리 숫자',
    account_number_invalid: '올바른 계좌 번호(4-34자리 숫자) 또는 IBAN을 입력하세요',
    swift_code_invalid: '올바른 SWIFT/BIC 코드를 입력하세요: 영문자와 숫자 8자리 또는 11자리',
    aba_number_invalid: '올바른 ABA 라우팅 번호를 입력하세요: 9자리 숫자',
    text_invalid: '< > 문자와 제어 문자를 지워 주세요',
    mobile_invalid: '올바른 휴대폰 번호를 입력하세요',
    address_invalid: '올바른 {{network}} 주소가 아닙니다',
    address_duplicate: '이 코인과 네트워크에 이미 저장한 주소입니다',
  },
  placeholders: {
    bank_account: '12-19자리 숫자',
    international_account: '계좌 번호 또는 IBAN',
    aba_number: '9자리 숫자',
    swift_code: '8자리 또는 11자리',
    international_phone: '+82 2 1234 5678',
  },
  savedCard: '저장된 카드입니다: 항목을 바꿔 저장하거나 삭제할 수 있습니다.',
  removeCard: '카드 삭제',
  removeCardConfirm: '이 카드를 삭제할까요? 이미 신청한 출금에는 영향이 없습니다.',
  cardRemoved: '카드를 삭제했습니다',
  networkHint: '{{network}} 네트워크 주소만 받습니다',
  status: {
    title: '인증 상태',
    level1: 'Lv1 기본 인증',
    level2: 'Lv2 고급 인증',
    rejected: '승인되지 않음: {{reason}}',
    underReview: '서류를 심사 중입니다. 심사가 끝나면 상태를 업데이트합니다.',
    allDone: '신원 인증을 모두 마쳤습니다.',
    verifyLevel1: '지금 인증하기 (Lv1)',
    verifyLevel2: 'Lv2 인증 계속하기',
    submitAgain: '다시 제출',
  },
  unlocks: {
    title: '단계별로 가능한 것',
    level1: 'Lv1: 이름과 신분증 번호',
    level2: 'Lv2: 신분증 앞면과 뒷면 사진',
    withdraw: '24시간마다 최대 {{amount}} BTC 출금',
    fiat: '법정화폐 거래 주문당 최대 {{amount}} USDT',
    current: '현재 한도',
  },
};
