import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 renders its imperative Toast and Dialog with React 18's legacy render, which React 19
 * removed; this hands it createRoot instead, as antd-mobile documents for React 19. It is installed with
 * the widgets' own file (feedback-widgets.ts), which every toast and dialog waits for, so the renderer
 * (and rc-util's under it) is not in the start-up's file.
 */
const roots = new Map<Element | DocumentFragment, Root>();

const unmountAll = () => {
  for (const root of roots.values()) root.unmount();
  roots.clear();
};
let installed = false;

/** Installs the renderer once; answers a function that unmounts every root it made at once (tests, between two). */
export function installAntdRender(): () => void {
  if (installed) return unmountAll;
  installed = true;
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    return async () => {
      // Unmounting inside antd-mobile's own render pass would warn; wait for it to finish.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (roots.get(container) !== root) return;
      root.unmount();
      roots.delete(container);
    };
  });
  return unmountAll;
}
