import type { Catalogue } from '../catalogue.ts';

/** share: jp strings, the same keys as ./en.ts. */
export const share: Catalogue['share'] = {
  inviteCode: "招待コード",
  inviteLink: "招待リンク",
  copyCode: "コードをコピー",
  copyLink: "リンクをコピー",
  qrCode: "招待リンクの QR コード",
  invited: "招待した友達",
  earned: "受け取ったリベート",
  noneYet: "まだありません",
  howItWorks: "あなたのリンクまたはコードで登録した友達があなたの被招待者になります。その友達が支払う取引手数料（現物・先物・オプション）の {{share}} を、取引ごとに数秒以内に手数料と同じ通貨で現物口座に受け取れます。",
  secondLevel: "その友達が招待した人が支払う手数料の {{share}} も受け取れます。",
  lists: "招待とリベート",
  invitees: "招待した友達",
  rebates: "リベート",
  noInvitees: "あなたのコードで登録した人はまだいません",
  noRebates: "リベートはまだありません",
  registeredAt: "登録日時",
  level: {
    "1": "あなたの被招待者",
    "2": "被招待者が招待した人",
  },
  product: {
    spot: "現物",
    contract: "先物",
    options: "オプション",
  },
  from: "支払元",
  fee: "手数料",
  refunded: "手数料クーポンによる返金",
  share: "割合",
  amount: "リベート",
  rebateOf: "リベート {{amount}} {{coin}}",
  time: "日時",
};
