import type { Catalogue } from '../catalogue.ts';

/** accounts: hk strings, the same keys as ./en.ts. */
export const accounts: Catalogue['accounts'] = {
  errors: {
    name_invalid: '請按證件填寫姓名：只能包含文字、空格及 \' - . · 符號',
    id_number_invalid: '請輸入正確的證件號碼',
    card_number_invalid: '請輸入正確的銀行卡號：12-19位數字',
    account_number_invalid: '請輸入正確的賬號（4-34位數字）或IBAN',
    swift_code_invalid: '請輸入正確的SWIFT/BIC代碼：8位或11位字母和數字',
    aba_number_invalid: '請輸入正確的ABA路由號碼：9位數字',
    text_invalid: '請刪除 < > 及控制字元',
    mobile_invalid: '請輸入正確的手機號碼',
    address_invalid: '這不是有效的 {{network}} 地址',
    address_duplicate: '您已為該幣種和網絡保存過此地址',
  },
  placeholders: {
    bank_account: '12-19位數字',
    international_account: '賬號或IBAN',
    aba_number: '9位數字',
    swift_code: '8位或11位字元',
    international_phone: '+852 2123 4567',
  },
  savedCard: '這是您已保存的銀行卡：可修改任意欄位後保存，或將其刪除。',
  removeCard: '刪除銀行卡',
  removeCardConfirm: '確定刪除此銀行卡？已提交的提現不受影響。',
  cardRemoved: '銀行卡已刪除',
  networkHint: '僅接受 {{network}} 網絡的地址',
  status: {
    title: '認證狀態',
    level1: 'Lv1 初級認證',
    level2: 'Lv2 高級認證',
    rejected: '未通過：{{reason}}',
    underReview: '您的資料正在審核中，審核完成後將更新狀態。',
    allDone: '您已完成全部身份認證。',
    verifyLevel1: '立即認證（Lv1）',
    verifyLevel2: '繼續 Lv2 認證',
    submitAgain: '重新提交',
  },
  unlocks: {
    title: '各級認證可解鎖',
    level1: 'Lv1：姓名和證件號碼',
    level2: 'Lv2：證件正反面照片',
    withdraw: '每24小時最多提幣 {{amount}} BTC',
    fiat: '法幣交易每筆最多 {{amount}} USDT',
    current: '您目前的限額',
  },
};
