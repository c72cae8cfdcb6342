import type { Catalogue } from '../catalogue.ts';

/** notice: kor strings, the same keys as ./en.ts. */
export const notice: Catalogue['notice'] = {
  title: '알림',
  unread_other: '읽지 않음 {{count}}개',
  bellUnread_other: '알림, 읽지 않음 {{count}}개',
  list: '알림 목록',
  empty: '아직 알림이 없습니다',
  markAllRead: '모두 읽음으로 표시',
  markRead: '읽음으로 표시',
  unreadItem: '읽지 않음',
  system: '시스템 공지',
  time: {
    justNow: '방금 전',
    minutes_other: '{{count}}분 전',
    hours_other: '{{count}}시간 전',
    days_other: '{{count}}일 전',
  },
  level: {
    basic: '기본',
    advanced: '고급',
  },
  kind: {
    deposit_credited: {
      title: '입금 완료',
      body: '{{amount}} {{currency}}이(가) 현물 계정에 입금되었습니다.',
    },
    withdrawal_approved: {
      title: '출금 승인',
      body: '{{number}} {{currency}} 출금이 승인되었습니다: {{arrival}} {{currency}}이(가) 전송 중입니다(수수료 {{fee}} {{currency}}).',
    },
    withdrawal_rejected: {
      title: '출금 거절',
      body: '{{number}} {{currency}} 출금이 거절되어 해당 금액을 다시 사용할 수 있습니다. 사유: {{reason}}',
    },
    identity_approved: {
      title: '본인 인증 완료',
      body: '{{level}} 본인 인증이 승인되었습니다.',
    },
    identity_rejected: {
      title: '본인 인증 거절',
      body: '{{level}} 본인 인증이 거절되었습니다. 사유: {{reason}}',
    },
    spot_order_filled: {
      title: '주문 체결',
      bodyBuy: '{{symbol}} 매수 주문(수량 {{quantity}})이 평균 가격 {{price}}에 모두 체결되었습니다.',
      bodySell: '{{symbol}} 매도 주문(수량 {{quantity}})이 평균 가격 {{price}}에 모두 체결되었습니다.',
    },
    mining_unlocked: {
      title: '락업 채굴 만기',
      body: '{{amount}} {{currency}} 락업 채굴이 만기되어 원금이 현물 계정으로 돌아왔습니다. 기간 중 받은 이자: {{interest}} {{currency}}.',
    },
    dual_settled: {
      title: '듀얼 투자 정산 완료',
      bodySuccess: '{{symbol}}: {{amount}} {{currency}} 투자가 정산되어 {{payout}} {{payout_currency}}가 현물 계정으로 지급되었습니다.',
      bodyFail: '{{symbol}}: 정산 시각의 지수 가격을 알 수 없어 {{amount}} {{currency}} 투자금이 현물 계정으로 전액 환불되었습니다.',
    },
    ieo_allocated: {
      title: 'IEO 배정 결과',
      body: '{{project}}: {{allocated}} {{token}}이(가) 배정되어 {{charged}} {{pay_currency}}를 지불했고, {{refunded}} {{pay_currency}}는 현물 계정으로 환불되었습니다.',
      locked: '토큰은 {{time}}까지 잠겨 있습니다.',
    },
    copy_skipped: {
      title: '카피 건너뜀',
      body: '선물 계정 잔액으로 {{trader}}의 {{symbol}} 포지션을 카피할 증거금과 수수료를 낼 수 없어 카피가 열리지 않았습니다. 다음 포지션을 카피하려면 선물 계정으로 자금을 이체하세요.',
    },
  },
  labelOnly: {
    superLeverage: '슈퍼 레버리지는 표시용 이름일 뿐입니다: FairEx는 레버리지 마진 거래를 제공하지 않습니다. 배수를 선택하는 선물 거래는 선물 메뉴에 있습니다.',
    miniGame: '미니 게임은 표시용 이름일 뿐입니다: FairEx는 게임을 제공하지 않습니다.',
    chatRoom: '채팅방은 표시용 이름일 뿐입니다: FairEx에는 공개 채팅이 없습니다. 도움이 필요하면 고객 서비스에 문의하세요.',
  },
};
