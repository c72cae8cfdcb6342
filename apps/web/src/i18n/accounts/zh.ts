import type { Catalogue } from '../catalogue.ts';

/** accounts: zh strings, the same keys as ./en.ts. */
export const accounts: Catalogue['accounts'] = {
  errors: {
    name_invalid: '请按证件填写姓名：只能包含文字、空格及 \' - . · 符号',
    id_number_invalid: '请输入正确的证件号码',
    card_number_invalid: '请输入正确的银行卡号：12-19位数字',
    account_number_invalid: '请输入正确的账号（4-34位数字）或IBAN',
    swift_code_invalid: '请输入正确的SWIFT/BIC代码：8位或11位字母和数字',
    aba_number_invalid: '请输入正确的ABA路由号码：9位数字',
    text_invalid: '请删除 < > 及控制字符',
    mobile_invalid: '请输入正确的手机号码',
    address_invalid: '这不是有效的 {{network}} 地址',
    address_duplicate: '您已为该币种和网络保存过此地址',
  },
  placeholders: {
    bank_account: '12-19位数字',
    international_account: '账号或IBAN',
    aba_number: '9位数字',
    swift_code: '8位或11位字符',
    international_phone: '+86 10 1234 5678',
  },
  savedCard: '这是您已保存的银行卡：可修改任意字段后保存，或将其删除。',
  removeCard: '删除银行卡',
  removeCardConfirm: '确定删除此银行卡？已提交的提现不受影响。',
  cardRemoved: '银行卡已删除',
  networkHint: '仅接受 {{network}} 网络的地址',
  status: {
    title: '认证状态',
    level1: 'Lv1 初级认证',
    level2: 'Lv2 高级认证',
    rejected: '未通过：{{reason}}',
    underReview: '您的资料正在审核中，审核完成后将更新状态。',
    allDone: '您已完成全部身份认证。',
    verifyLevel1: '立即认证（Lv1）',
    verifyLevel2: '继续 Lv2 认证',
    submitAgain: '重新提交',
  },
  unlocks: {
    title: '各级认证可解锁',
    level1: 'Lv1：姓名和证件号码',
    level2: 'Lv2：证件正反面照片',
    withdraw: '每24小时最多提币 {{amount}} BTC',
    fiat: '法币交易每笔最多 {{amount}} USDT',
    current: '您当前的限额',
  },
};
