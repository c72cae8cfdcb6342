/**
 * A small i18n for the back office: English and Chinese dictionaries with identical keys (the type of
 * `zh` is derived from `en`, so a missing or extra key fails the type check), the choice kept in
 * localStorage.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';

const en = {
  'app.title': 'Fairex back office',
  'common.search': 'Search',
  'common.back': 'Back',
  'common.yes': 'Yes',
  'common.no': 'No',
  'common.retry': 'Try again',
  'common.networkError': 'Cannot reach the server',
  'common.badAnswer': 'The server gave an unexpected answer',
  'login.title': 'Operator sign-in',
  'login.username': 'Username',
  'login.password': 'Password',
  'login.submit': 'Log in',
  'login.usernameRequired': 'Enter your username',
  'login.passwordRequired': 'Enter your password',
  'menu.users': 'Users',
  'menu.outbox': 'Outbox',
  'menu.ledger': 'Ledger audit',
  'menu.operatorLog': 'Operator log',
  'header.language': 'Language',
  'header.logout': 'Log out',
  'role.admin': 'Admin',
  'role.reviewer': 'Reviewer',
  'role.support': 'Support',
  'users.title': 'Users',
  'users.searchLabel': 'Search users',
  'users.searchPlaceholder': 'Account, email or mobile',
  'users.id': 'ID',
  'users.account': 'Account',
  'users.email': 'Email',
  'users.mobile': 'Mobile',
  'users.nickname': 'Nickname',
  'users.extensionCode': 'Invitation code',
  'users.parentId': 'Referrer',
  'users.status': 'Status',
  'users.active': 'Active',
  'users.frozen': 'Frozen',
  'users.createdAt': 'Registered',
  'user.title': 'User {id}',
  'user.profile': 'Profile',
  'user.areaCode': 'Area code',
  'user.signature': 'Signature',
  'user.headPortrait': 'Avatar',
  'user.creditScore': 'Credit score',
  'user.sessions': 'Sessions',
  'user.accounts': 'Accounts',
  'user.currency': 'Currency',
  'user.kind': 'Kind',
  'user.balance': 'Balance',
  'user.available': 'Available',
  'user.frozenAmount': 'Frozen',
  'user.locked': 'Locked',
  'user.notFound': 'This user could not be loaded',
  'outbox.title': 'Outbox',
  'outbox.channel': 'Channel',
  'outbox.recipient': 'Recipient',
  'outbox.subject': 'Subject',
  'outbox.body': 'Body',
  'outbox.delivered': 'Delivered',
  'outbox.createdAt': 'Created',
  'ledger.title': 'Ledger audit',
  'ledger.balanced': 'Balanced',
  'ledger.unbalanced': 'Unbalanced',
  'ledger.entries': 'Entries',
  'ledger.postings': 'Postings',
  'ledger.checkedAt': 'Checked at',
  'ledger.unbalancedEntries': 'Entries that do not sum to zero',
  'ledger.mismatchedAccounts': 'Accounts that differ from their postings',
  'ledger.negativeAccounts': 'User accounts below zero',
  'ledger.runAgain': 'Run again',
  'ledger.notRun': 'The audit could not be run',
  'operatorLog.title': 'Operator log',
  'operatorLog.operator': 'Operator',
  'operatorLog.action': 'Action',
  'operatorLog.target': 'Target',
  'operatorLog.detail': 'Detail',
  'operatorLog.createdAt': 'Time',
} as const;

export type MessageKey = keyof typeof en;

const zh: Record<MessageKey, string> = {
  'app.title': 'Fairex 运营后台',
  'common.search': '搜索',
  'common.back': '返回',
  'common.yes': '是',
  'common.no': '否',
  'common.retry': '重试',
  'common.networkError': '无法连接服务器',
  'common.badAnswer': '服务器返回了无法识别的结果',
  'login.title': '运营人员登录',
  'login.username': '用户名',
  'login.password': '密码',
  'login.submit': '登录',
  'login.usernameRequired': '请输入用户名',
  'login.passwordRequired': '请输入密码',
  'menu.users': '用户',
  'menu.outbox': '发件箱',
  'menu.ledger': '账本审计',
  'menu.operatorLog': '操作日志',
  'header.language': '语言',
  'header.logout': '退出登录',
  'role.admin': '管理员',
  'role.reviewer': '审核员',
  'role.support': '客服',
  'users.title': '用户',
  'users.searchLabel': '搜索用户',
  'users.searchPlaceholder': '账号、邮箱或手机号',
  'users.id': 'ID',
  'users.account': '账号',
  'users.email': '邮箱',
  'users.mobile': '手机号',
  'users.nickname': '昵称',
  'users.extensionCode': '邀请码',
  'users.parentId': '推荐人',
  'users.status': '状态',
  'users.active': '正常',
  'users.frozen': '已冻结',
  'users.createdAt': '注册时间',
  'user.title': '用户 {id}',
  'user.profile': '资料',
  'user.areaCode': '区号',
  'user.signature': '签名',
  'user.headPortrait': '头像',
  'user.creditScore': '信用分',
  'user.sessions': '会话数',
  'user.accounts': '账户',
  'user.currency': '币种',
  'user.kind': '类型',
  'user.balance': '余额',
  'user.available': '可用',
  'user.frozenAmount': '冻结',
  'user.locked': '锁定',
  'user.notFound': '无法加载该用户',
  'outbox.title': '发件箱',
  'outbox.channel': '渠道',
  'outbox.recipient': '收件人',
  'outbox.subject': '主题',
  'outbox.body': '内容',
  'outbox.delivered': '已发送',
  'outbox.createdAt': '创建时间',
  'ledger.title': '账本审计',
  'ledger.balanced': '账目平衡',
  'ledger.unbalanced': '账目不平衡',
  'ledger.entries': '分录数',
  'ledger.postings': '过账数',
  'ledger.checkedAt': '检查时间',
  'ledger.unbalancedEntries': '借贷不为零的分录',
  'ledger.mismatchedAccounts': '与过账不符的账户',
  'ledger.negativeAccounts': '余额为负的用户账户',
  'ledger.runAgain': '重新审计',
  'ledger.notRun': '审计未能执行',
  'operatorLog.title': '操作日志',
  'operatorLog.operator': '操作员',
  'operatorLog.action': '操作',
  'operatorLog.target': '对象',
  'operatorLog.detail': '详情',
  'operatorLog.createdAt': '时间',
};

export const LANGS = ['en', 'zh'] as const;
export type Lang = (typeof LANGS)[number];

const dictionaries: Record<Lang, Record<MessageKey, string>> = { en, zh };
const LANG_STORAGE_KEY = 'fairex.admin.lang';

const isLang = (value: unknown): value is Lang => LANGS.includes(value as Lang);

/** The remembered language; English when none was chosen, so the UI is predictable for tests. */
export function storedLang(): Lang {
  const value = localStorage.getItem(LANG_STORAGE_KEY);
  return isLang(value) ? value : 'en';
}

export function translate(lang: Lang, key: MessageKey, vars: Record<string, string | number> = {}): string {
  return dictionaries[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => String(vars[name] ?? whole));
}

/** For code outside React (the api client, loaders). */
export const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(storedLang(), key, vars);

type I18n = {
  lang: Lang;
  setLang: (lang: Lang) => void;
  t: (key: MessageKey, vars?: Record<string, string | number>) => string;
  /** Dates in the operator's language. */
  formatTime: (iso: string) => string;
};

const I18nContext = createContext<I18n | undefined>(undefined);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [lang, setLangState] = useState<Lang>(storedLang);
  const setLang = (next: Lang) => {
    localStorage.setItem(LANG_STORAGE_KEY, next);
    document.documentElement.lang = next;
    setLangState(next);
  };
  const value: I18n = {
    lang,
    setLang,
    t: (key, vars) => translate(lang, key, vars),
    formatTime: (iso) => new Date(iso).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB'),
  };
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside LanguageProvider');
  return value;
}
