// The antd-mobile parts the start-up uses, imported from their own files: antd-mobile's index re-exports
// every component, and the start-up's chunk would take them all in (vite.config.ts, startupModules).
// Lazy pages import from the index as usual.
import 'antd-mobile/es/global';

export { default as Button } from 'antd-mobile/es/components/button';
export { default as ConfigProvider, setDefaultConfig } from 'antd-mobile/es/components/config-provider';
