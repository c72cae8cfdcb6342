/** Proves a language switch fetches its catalogue and then shows it: texts, the document's locale and its meta description. */
import { afterEach, describe, expect, it } from 'vitest';
import { setState } from '../store/store.ts';
import { CATALOGUES } from './all-catalogues.ts';
import { applyLanguage, i18n } from './index.ts';

describe('language switch', () => {
  afterEach(async () => {
    setState({ lang: 'en' });
    await i18n.changeLanguage('en');
    document.head.innerHTML = '';
  });

  it('shows French texts and the French description once the French catalogue arrives', async () => {
    document.head.innerHTML = `<meta name="description" content="${CATALOGUES.en.app.description}">`;
    applyLanguage('fra');
    expect(document.documentElement.lang).toBe('fr');
    await expect.poll(() => i18n.language).toBe('fra');
    expect(i18n.t('app.back')).toBe(CATALOGUES.fra.app.back);
    await expect.poll(() => document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(CATALOGUES.fra.app.description);
  });

  it('stays with the language chosen last when an earlier choice arrives later', async () => {
    applyLanguage('jp');
    applyLanguage('spa');
    await expect.poll(() => i18n.language).toBe('spa');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18n.language).toBe('spa');
  });
});
