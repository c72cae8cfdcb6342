import type { Catalogue } from '../catalogue.ts';

/** accounts: jp strings, the same keys as ./en.ts. */
export const accounts: Catalogue['accounts'] = {
  errors: {
    name_invalid: '書類どおりに氏名を入力してください（文字、スペース、\' - . · のみ）',
    id_number_invalid: '正しい書類番号を入力してください',
    card_number_invalid: '正しいカード番号を入力してください（12〜19桁の数字）',
    account_number_invalid: '正しい口座番号（4〜34桁の数字）またはIBANを入力してください',
    swift_code_invalid: '正しいSWIFT/BICコードを入力してください（英数字8桁または11桁）',
    aba_number_invalid: '正しいABAルーティング番号を入力してください（9桁の数字）',
    text_invalid: '< > と制御文字を削除してください',
    mobile_invalid: '正しい携帯電話番号を入力してください',
    address_invalid: '有効な {{network}} アドレスではありません',
    address_duplicate: 'このコインとネットワークでこのアドレスはすでに保存されています',
  },
  placeholders: {
    bank_account: '12〜19桁の数字',
    international_account: '口座番号またはIBAN',
    aba_number: '9桁の数字',
    swift_code: '8桁または11桁',
    international_phone: '+81 3 1234 5678',
  },
  savedCard: '保存済みのカードです。項目を変更して保存するか、削除できます。',
  removeCard: 'カードを削除',
  removeCardConfirm: 'このカードを削除しますか？申請済みの出金には影響しません。',
  cardRemoved: 'カードを削除しました',
  networkHint: '{{network}} ネットワークのアドレスのみ受け付けます',
  status: {
    title: '認証状況',
    level1: 'Lv1 基本認証',
    level2: 'Lv2 上級認証',
    rejected: '承認されませんでした：{{reason}}',
    underReview: '書類を審査中です。完了しだい状況を更新します。',
    allDone: '本人確認はすべて完了しています。',
    verifyLevel1: '今すぐ認証（Lv1）',
    verifyLevel2: 'Lv2 に進む',
    submitAgain: '再提出',
  },
  unlocks: {
    title: '各レベルで利用できること',
    level1: 'Lv1：氏名と書類番号',
    level2: 'Lv2：書類の表面と裏面の写真',
    withdraw: '24時間あたり最大 {{amount}} BTC まで出金',
    fiat: '法定通貨取引は1注文あたり最大 {{amount}} USDT',
    current: '現在の上限',
  },
};
