/**
 * Error toasts from anywhere (loaders and handlers alike). The message instance comes from antd's
 * <App> so toasts follow the ConfigProvider; until it is bound, antd's static one is used.
 */
import { message, type App } from 'antd';
import { ApiError } from './api.ts';
import { t } from './i18n.tsx';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

let messages: MessageInstance = message;

export function bindMessages(instance: MessageInstance) {
  messages = instance;
}

export function showError(error: unknown) {
  void messages.error(error instanceof ApiError ? error.message : t('common.badAnswer'));
}
