import type { Lang } from '@fairex/contract';
import { REDIRECT_DELAY_MS, REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '@fairex/contract/constants';
import { i18n } from '../i18n/index.ts';
import { LOGIN_PATH, REAL_NAME_PATH, navigateTo } from '../navigation.ts';
import { toast } from '../notify.ts';
import { clearSession, getState } from '../store/store.ts';

/**
 * The one helper every server call goes through (spec section 7): base /api, form-encoded data with
 * `lang`, the stored token in Authorization, a 60 s time-out, and the envelope rules of spec section 8.
 */
export const API_BASE = '/api';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type RequestData = Record<string, string | number | boolean | null | undefined>;
export type RequestOptions = {
  method?: Method;
  data?: RequestData;
  /** No toast for an 'error' answer or a network failure; the caller handles the rejection quietly. */
  silent?: boolean;
};

/** A failed call. `type` is the envelope type ('999', '998', 'error') or 'network' when no envelope came back. */
export class ApiError extends Error {
  constructor(
    readonly type: '999' | '998' | 'error' | 'network',
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Answer = { type?: unknown; code?: unknown; message?: unknown };

let redirectTimer: ReturnType<typeof setTimeout> | undefined;

/** Several calls answering 999 at once still lead to one redirect. */
function redirectLater(path: string) {
  if (redirectTimer !== undefined) clearTimeout(redirectTimer);
  redirectTimer = setTimeout(() => {
    redirectTimer = undefined;
    navigateTo(path);
  }, REDIRECT_DELAY_MS);
}

const textOf = (message: unknown) => (typeof message === 'string' && message !== '' ? message : i18n.t('app.requestFailed'));

/** Spec section 8: ok (or code 1) passes the message through; 999, 998 and anything else are failures. */
export function handleAnswer<T>(answer: Answer, silent = false): T {
  if (answer.type === 'ok' || answer.code === 1) return answer.message as T;
  const message = textOf(answer.message);
  const code = typeof answer.code === 'string' ? answer.code : undefined;
  if (answer.type === '999') {
    toast(message);
    clearSession();
    redirectLater(LOGIN_PATH);
    throw new ApiError('999', message, code);
  }
  if (answer.type === '998') {
    toast(message);
    redirectLater(REAL_NAME_PATH);
    throw new ApiError('998', message, code);
  }
  if (!silent) toast(message);
  throw new ApiError('error', message, code);
}

function authHeaders(): Record<string, string> {
  const { token } = getState();
  return token ? { Authorization: token } : {};
}

function encode(data: RequestData): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) if (value !== undefined && value !== null) params.append(key, String(value));
  return params;
}

async function send<T>(url: string, init: RequestInit, timeoutMs: number, silent: boolean): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let answer: Answer;
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    answer = (await response.json()) as Answer;
  } catch {
    const message = i18n.t(controller.signal.aborted ? 'app.requestTimeout' : 'app.networkError');
    if (!silent) toast(message);
    throw new ApiError('network', message);
  } finally {
    clearTimeout(timer);
  }
  return handleAnswer<T>(answer ?? {}, silent);
}

export function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'POST';
  const params = encode({ ...options.data, lang: getState().lang });
  const headers = { ...authHeaders(), Accept: 'application/json' };
  if (method === 'GET') {
    return send<T>(`${API_BASE}${path}?${params}`, { method, headers }, REQUEST_TIMEOUT_MS, options.silent ?? false);
  }
  return send<T>(
    `${API_BASE}${path}`,
    { method, headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' }, body: params },
    REQUEST_TIMEOUT_MS,
    options.silent ?? false,
  );
}

export const get = <T>(path: string, data?: RequestData, silent?: boolean) => request<T>(path, { method: 'GET', data, silent });
export const post = <T>(path: string, data?: RequestData, silent?: boolean) => request<T>(path, { method: 'POST', data, silent });
export const put = <T>(path: string, data?: RequestData) => request<T>(path, { method: 'PUT', data });
export const del = <T>(path: string, data?: RequestData) => request<T>(path, { method: 'DELETE', data });

/** The accept-language the upload call sends (spec section 7 names zh-cn, en and zh-tw). */
const ACCEPT_LANGUAGE: Record<Lang, string> = {
  zh: 'zh-cn',
  hk: 'zh-tw',
  en: 'en',
  th: 'th',
  jp: 'ja',
  kor: 'ko',
  fra: 'fr',
  spa: 'es',
};

/** POST /api/upload, one image in the multipart field `file`; resolves the file reference (a URL path). */
export function upload(file: Blob, fileName = 'image'): Promise<string> {
  const body = new FormData();
  body.append('file', file, file instanceof File ? file.name : fileName);
  const headers = { ...authHeaders(), 'accept-language': ACCEPT_LANGUAGE[getState().lang] };
  return send<string>(`${API_BASE}/upload`, { method: 'POST', headers, body }, UPLOAD_TIMEOUT_MS, false);
}
