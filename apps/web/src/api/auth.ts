import type { CODE_SCENES } from '@fairex/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearSession, saveToken, saveUser } from '../store/store.ts';
import { get, post } from './client.ts';
import { fetchUserInfo, userKeys } from './user.ts';

/** Calls of spec section 7 "Config and auth": codes, register, login, logout, forgotten password. */
export type CodeScene = (typeof CODE_SCENES)[number];
export type RegisterType = 'email' | 'mobile';

export type RegisterForm = {
  user_string: string;
  code: string;
  password: string;
  re_password: string;
  extension_code?: string;
  type: RegisterType;
  area_code?: string;
};
/** `remember` is the stay-logged-in choice: the server and the store both keep the session longer. */
export type LoginForm = { user_string: string; password: string; remember: boolean };
export type ForgetForm = { account: string; code: string; password: string; repassword: string };

export const sendMailCode = (user_string: string, scene: CodeScene) => post<string>('/sms_mail', { user_string, scene });
export const sendSmsCode = (area_code: string, mobile: string, scene: CodeScene) => post<string>('/sms_send', { area_code, mobile, scene });

export function useSendCode() {
  return useMutation({
    mutationFn: (input: { type: RegisterType; target: string; area_code: string; scene: CodeScene }) =>
      input.type === 'email' ? sendMailCode(input.target, input.scene) : sendSmsCode(input.area_code, input.target, input.scene),
  });
}

export function useCheckCode() {
  return useMutation({
    mutationFn: (input: { user_string: string; email_code: string; scene: CodeScene }) => post<string>('/user/check_email', input),
  });
}

/**
 * Login saves the token (the answer's message), then loads and keeps the user (spec section 4); both
 * are kept for this browser session only unless the user chose to stay logged in.
 */
export async function loginAndLoadUser(form: LoginForm) {
  const token = await post<string>('/user/login', { ...form, remember: form.remember ? 1 : 0 });
  saveToken(token, { remember: form.remember });
  const user = await fetchUserInfo();
  saveUser(user);
  return user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginAndLoadUser,
    onSuccess: (user) => queryClient.setQueryData(userKeys.info, user),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (form: RegisterForm) => post<{ id: number; account: string }>('/user/register', { ...form }),
  });
}

export function useForget() {
  return useMutation({ mutationFn: (form: ForgetForm) => post<string>('/user/forget', form) });
}

/** Logout ends the session on the server; the local session is cleared even when that call fails. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => get<string>('/user/logout', undefined, true).catch(() => ''),
    onSettled: () => {
      clearSession();
      queryClient.removeQueries({ queryKey: userKeys.all });
    },
  });
}
