import { TOAST_DURATION_MS } from '@fairex/contract/constants';
import type { DialogAlertProps, DialogConfirmProps } from 'antd-mobile';

/**
 * Toasts and confirmations. antd-mobile's Toast and Dialog (and the animation library under them) are
 * not in the app's first file: they load with the first toast or dialog, which waits for their file
 * (loading them at start-up instead restyled the whole page while it was still loading).
 */
type Widgets = typeof import('./feedback-widgets.ts');
let widgets: Widgets | undefined;

export async function loadFeedback(): Promise<Widgets> {
  widgets ??= await import('./feedback-widgets.ts');
  return widgets;
}

/** Shows through the widgets: in this task when they are loaded, else once they are. */
function withWidgets(show: (loaded: Widgets) => void) {
  if (widgets) show(widgets);
  else void loadFeedback().then(show);
}

/** One toast at a time, for the spec's default 1500 ms. */
export function toast(message: string) {
  withWidgets(({ Toast }) => Toast.show({ content: message, duration: TOAST_DURATION_MS }));
}

export function toastSuccess(message: string) {
  withWidgets(({ Toast }) => Toast.show({ content: message, icon: 'success', duration: TOAST_DURATION_MS }));
}

/** A confirmation dialog: true once confirmed. */
export async function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  const { Dialog } = widgets ?? (await loadFeedback());
  return Dialog.confirm(props);
}

/** A message with one button (its text from antd-mobile's locale); resolves once closed. */
export async function alertDialog(props: DialogAlertProps): Promise<void> {
  const { Dialog } = widgets ?? (await loadFeedback());
  return Dialog.alert(props);
}

/**
 * A form's last step: asks `confirm`, sends once confirmed, and toasts `done` once the server took it.
 * True when it was sent; a refusal has already been shown by the api client, so it only answers false.
 */
export async function confirmThenSend(confirm: DialogConfirmProps, send: () => Promise<unknown>, done: string): Promise<boolean> {
  if (!(await confirmDialog(confirm))) return false;
  try {
    await send();
  } catch {
    return false;
  }
  toastSuccess(done);
  return true;
}

/** Copies a text to the clipboard and says so: `done` once copied, `failed` when the browser refused. */
export async function copyText(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toastSuccess(done);
  } catch {
    toast(failed);
  }
}
