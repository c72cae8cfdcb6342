/**
 * The app's stylesheets do not hold up the first paint: the build turns them into preloads marked
 * `data-app-style` (vite.config.ts, deferStyles), so the browser paints the boot screen (index.html's own
 * small style) as soon as the page arrives, and the app applies them here before its first render. In
 * development Vite injects the styles itself and there is nothing to wait for.
 */
export function applyAppStyles(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-app-style]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          // A style that fails to load leaves the app unstyled rather than not started.
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          link.rel = 'stylesheet';
        }),
    ),
  ).then(() => undefined);
}
