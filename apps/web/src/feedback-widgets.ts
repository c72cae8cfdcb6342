// antd-mobile's imperative widgets, in their own chunk: notify.ts loads it on first use.
export { Dialog, Toast } from 'antd-mobile';
