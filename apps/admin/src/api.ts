/**
 * The back-office API client. Every answer is an envelope `{ type, message }`: 'ok' carries the data,
 * '999' means the operator session is gone (the token is dropped here, callers go to the login screen),
 * 'error' carries a message already translated by the server into the operator's language.
 */
import { storedLang, t } from './i18n.tsx';

const API_BASE = '/api/admin';
const TOKEN_STORAGE_KEY = 'fairex.admin.token';
/** The server refuses pages larger than this (PAGE_SIZE_MAX in the contract). */
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE = 10;

export type Role = 'admin' | 'reviewer' | 'support';
export type Operator = { id: number; username: string; role: Role };

export type Page<T> = { data: T[]; total: number; page: number; limit: number };
export type PageQuery = { page: number; limit: number; q?: string };

export type UserRow = {
  id: number;
  account: string;
  email: string | null;
  mobile: string | null;
  nickname: string | null;
  extension_code: string;
  parent_id: number | null;
  frozen: boolean;
  created_at: string;
};

export type UserProfile = UserRow & {
  area_code: string;
  signature: string | null;
  head_portrait: string | null;
  credit_score: number;
};

/** Amounts are strings as the server sends them; they are shown, never computed with here. */
export type AccountRow = {
  id: number;
  currency: string;
  kind: string;
  balance: string;
  available: string;
  frozen: string;
  locked: string;
};

export type UserDetail = { user: UserProfile; accounts: AccountRow[]; sessions: number };

export type OutboxRow = {
  id: number;
  channel: 'mail' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  delivered: boolean;
  created_at: string;
};

/** One offending row of the audit; its columns depend on the check. */
export type AuditProblem = Record<string, string | number | null>;

export type LedgerAudit = {
  ok: boolean;
  entries: number;
  postings: number;
  unbalancedEntries: AuditProblem[];
  mismatchedAccounts: AuditProblem[];
  negativeAccounts: AuditProblem[];
  checked_at: string;
};

export type OperatorLogRow = {
  id: number;
  operator: string | null;
  action: string;
  target: string;
  detail: unknown;
  created_at: string;
};

export const getToken = () => localStorage.getItem(TOKEN_STORAGE_KEY);
export const setToken = (token: string) => localStorage.setItem(TOKEN_STORAGE_KEY, token);
export const clearToken = () => localStorage.removeItem(TOKEN_STORAGE_KEY);

export class ApiError extends Error {
  constructor(
    readonly type: 'error' | '999',
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isSessionLost = (error: unknown): boolean => error instanceof ApiError && error.type === '999';

type Envelope = { type: 'ok' | '999' | 'error' | string; message: unknown };

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && 'type' in value && 'message' in value;

async function request<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const lang = storedLang();
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = token;
  if (body) headers['Content-Type'] = 'application/json';
  const separator = path.includes('?') ? '&' : '?';
  let answer: unknown;
  try {
    const response = await fetch(`${API_BASE}${path}${separator}lang=${lang}`, {
      method,
      headers,
      body: body ? JSON.stringify({ ...body, lang }) : undefined,
    });
    answer = await response.json();
  } catch {
    throw new ApiError('error', t('common.networkError'));
  }
  if (!isEnvelope(answer)) throw new ApiError('error', t('common.badAnswer'));
  if (answer.type === 'ok') return answer.message as T;
  const text = typeof answer.message === 'string' ? answer.message : t('common.badAnswer');
  if (answer.type === '999') {
    clearToken();
    throw new ApiError('999', text);
  }
  throw new ApiError('error', text);
}

const pageQuery = ({ page, limit, q }: PageQuery) => {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (q) params.set('q', q);
  return params.toString();
};

export const adminApi = {
  login: (username: string, password: string) =>
    request<{ token: string; operator: Operator }>('POST', '/login', { username, password }),
  me: () => request<Operator>('GET', '/me'),
  logout: () => request<unknown>('POST', '/logout', {}),
  users: (query: PageQuery) => request<Page<UserRow>>('GET', `/users?${pageQuery(query)}`),
  user: (id: number) => request<UserDetail>('GET', `/users/${id}`),
  outbox: (query: PageQuery) => request<Page<OutboxRow>>('GET', `/outbox?${pageQuery(query)}`),
  ledgerAudit: () => request<LedgerAudit>('GET', '/ledger/audit'),
  operatorLog: (query: PageQuery) => request<Page<OperatorLogRow>>('GET', `/audit-log?${pageQuery(query)}`),
};
