/**
 * Proves what Lighthouse's accessibility audits check on the page itself, without a browser: every text
 * colour of both palettes (styles/theme.css, brand colours from the contract) meets WCAG AA (4.5:1) on the
 * surfaces it sits on, and the web app's and back office's index.html allow zoom and carry a description.
 */
import fs from 'node:fs';
import path from 'node:path';
import { COLORS } from '@fairex/contract/constants';
import { describe, expect, it } from 'vitest';

const AA_TEXT = 4.5;
const css = fs.readFileSync(path.join(import.meta.dirname, 'theme.css'), 'utf8');

/** The variables of one `:root[...]` block, `var(--brand-*)` resolved to the contract's colours. */
function palette(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  const brand: Record<string, string> = { '--brand-up': COLORS.up, '--color-base': COLORS.base };
  const vars: Record<string, string> = {};
  for (const [, name, value] of block.matchAll(/(--[\w-]+):\s*([^;]+);/g)) {
    const ref = value!.match(/^var\((--[\w-]+)\)$/)?.[1];
    vars[name!] = ref ? (brand[ref] ?? vars[ref] ?? value!) : value!.trim();
  }
  return vars;
}

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

describe('contrast ratio', () => {
  it('follows WCAG 2 (worked examples)', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // The brand green under white text, as the buy button had it: far below AA.
    expect(contrast(COLORS.up, '#ffffff')).toBeCloseTo(2.13, 2);
  });
});

describe.each(['light', 'dark'])('the %s palette', (theme) => {
  const shared = palette(':root');
  const vars = { ...shared, ...palette(`:root[data-theme='${theme}']`) };
  const surfaces = ['--color-bg', '--color-surface', '--color-surface-2'];
  const texts = ['--color-text', '--color-text-2', '--color-text-3', '--color-up', '--color-down', '--color-primary-strong'];

  it.each(texts)('shows %s at AA on the page, card and inset surfaces', (text) => {
    for (const surface of surfaces) expect(contrast(vars[text]!, vars[surface]!), `${text} on ${surface}`).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('puts white text on up and down fills, and dark text on gold, at AA', () => {
    expect(contrast(vars['--color-hero-text']!, vars['--color-up-fill']!)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(vars['--color-hero-text']!, vars['--color-down-fill']!)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrast(vars['--color-on-primary']!, COLORS.base)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

it('keeps the tab bar white on dark with a light-gold selection, at AA', () => {
  expect(contrast(COLORS.tabText, COLORS.tabBackground)).toBeGreaterThanOrEqual(AA_TEXT);
  expect(contrast(COLORS.tabSelected, COLORS.tabBackground)).toBeGreaterThanOrEqual(AA_TEXT);
});

describe.each(['web', 'admin'])('the %s index.html', (app) => {
  const html = fs.readFileSync(path.join(import.meta.dirname, `../../../${app}/index.html`), 'utf8');

  it('allows zoom (no user-scalable=no, no maximum-scale below 5)', () => {
    const viewport = html.match(/<meta name="viewport" content="([^"]*)"/)?.[1] ?? '';
    expect(viewport).toContain('width=device-width');
    expect(viewport).not.toMatch(/user-scalable\s*=\s*(no|0)/);
    const maximum = viewport.match(/maximum-scale\s*=\s*([\d.]+)/)?.[1];
    if (maximum !== undefined) expect(Number(maximum)).toBeGreaterThanOrEqual(5);
  });

  it('has a meta description', () => {
    expect(html.match(/<meta name="description" content="([^"]+)"/)?.[1]?.length ?? 0).toBeGreaterThan(30);
  });
});
