// antd-mobile's imperative widgets, in their own chunk: notify.ts loads it on first use. From their own
// files, as the start-up's antd-mobile parts (antd-startup.ts); they render through React 19's createRoot,
// installed here before any of them shows.
import { installAntdRender } from './setup-antd.ts';

installAntdRender();

export { default as Dialog } from 'antd-mobile/es/components/dialog';
export { default as Toast } from 'antd-mobile/es/components/toast';
