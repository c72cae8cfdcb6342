import { TOAST_DURATION_MS } from '@fairex/contract/constants';
import { Toast } from 'antd-mobile';

/** One toast at a time, for the spec's default 1500 ms. */
export function toast(message: string) {
  Toast.show({ content: message, duration: TOAST_DURATION_MS });
}

export function toastSuccess(message: string) {
  Toast.show({ content: message, icon: 'success', duration: TOAST_DURATION_MS });
}
