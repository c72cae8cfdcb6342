import { describe, expect, it } from 'vitest';
import { applyAppStyles } from './app-styles.ts';

describe('app styles', () => {
  it('turns the build\'s style preloads into stylesheets and waits for each to load or fail', async () => {
    // Without an href, so the test's DOM loads nothing itself: the test plays the browser's events.
    const links = [1, 2].map(() => {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'style';
      link.dataset.appStyle = '';
      document.head.append(link);
      return link;
    });
    let done = false;
    const applied = applyAppStyles().then(() => (done = true));
    expect(links.map((link) => link.rel)).toEqual(['stylesheet', 'stylesheet']);
    links[0]!.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(done).toBe(false);
    links[1]!.dispatchEvent(new Event('error'));
    await applied;
    expect(done).toBe(true);
    for (const link of links) link.remove();
  });

  it('has nothing to wait for without preloads (development)', async () => {
    await expect(applyAppStyles()).resolves.toBeUndefined();
  });
});
