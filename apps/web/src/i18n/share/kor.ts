import type { Catalogue } from '../catalogue.ts';

/** share: kor strings, the same keys as ./en.ts. */
export const share: Catalogue['share'] = {
  inviteCode: "초대 코드",
  inviteLink: "초대 링크",
  copyCode: "코드 복사",
  copyLink: "링크 복사",
  qrCode: "초대 링크 QR 코드",
  invited: "초대한 친구",
  earned: "받은 리베이트",
  noneYet: "아직 없음",
  howItWorks: "회원님의 링크나 코드로 가입한 친구는 회원님의 피초대자가 됩니다. 그들이 낸 거래 수수료(현물, 선물, 옵션)의 {{share}}를 거래마다 몇 초 안에 수수료 코인으로 현물 계정에 받습니다.",
  secondLevel: "그들이 초대한 친구가 낸 수수료의 {{share}}도 받습니다.",
  lists: "초대와 리베이트",
  invitees: "초대한 친구",
  rebates: "리베이트",
  noInvitees: "아직 회원님의 코드로 가입한 사람이 없습니다",
  noRebates: "아직 리베이트가 없습니다",
  registeredAt: "가입 시각",
  level: {
    "1": "회원님의 피초대자",
    "2": "피초대자가 초대한 친구",
  },
  product: {
    spot: "현물",
    contract: "선물",
    options: "옵션",
  },
  from: "출처",
  fee: "수수료",
  refunded: "수수료 쿠폰 환급",
  share: "비율",
  amount: "리베이트",
  rebateOf: "리베이트 {{amount}} {{coin}}",
  time: "시각",
};
