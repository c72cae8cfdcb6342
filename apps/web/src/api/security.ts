import type { UserInfo } from '@fairex/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendMailCode, sendSmsCode } from './auth.ts';
import { post } from './client.ts';
import { userKeys } from './user.ts';

/** Calls of spec section 7 "User" behind the security centre: bindings, pay password, login password. */

/** What every binding proves besides the new contact's code: the login password, and the current contact's code when there is one. */
export type BindingProof = { password: string; old_code?: string };
export type BindEmailForm = { email: string; code: string } & BindingProof;
export type BindMobileForm = { mobile: string; code: string; area_code: string } & BindingProof;
export type PayPasswordForm = { password: string; re_password: string; code: string };
export type LoginPasswordForm = { oldpassword: string; password: string; re_password: string };

/** The server sends security codes to the user's email, else their mobile (identity/service.ts securityTarget). */
export function securityTarget(user: UserInfo): { type: 'email' | 'mobile'; target: string } {
  return user.email ? { type: 'email', target: user.email } : { type: 'mobile', target: user.mobile ?? user.account };
}

/** Sends the scene-"security" code to where the server will look for it. */
export function sendSecurityCode(user: UserInfo) {
  const { type, target } = securityTarget(user);
  return type === 'email' ? sendMailCode(target, 'security') : sendSmsCode(user.area_code, target, 'security');
}

/** A change to what GET /user/info answers: the bound addresses and whether a pay password is set. */
function useUserChange<T>(call: (form: T) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.info }),
  });
}

/** POST /safe/email with a code sent by POST /sms_mail (scene bind); the server ends every other session. */
export const useBindEmail = () => useUserChange((form: BindEmailForm) => post<string>('/safe/email', form));

/** POST /safe/mobile with a code sent by POST /sms_send (scene bind); the server ends every other session. */
export const useBindMobile = () => useUserChange((form: BindMobileForm) => post<string>('/safe/mobile', form));

/** POST /safe/update_password: sets or changes the pay password. */
export const useSetPayPassword = () => useUserChange((form: PayPasswordForm) => post<string>('/safe/update_password', form));

/** POST /safe/update_login_password: the server keeps this session and ends every other one. */
export function useChangeLoginPassword() {
  return useMutation({ mutationFn: (form: LoginPasswordForm) => post<string>('/safe/update_login_password', form) });
}
