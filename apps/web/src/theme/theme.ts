import { COLORS, Z_INDEX } from '@fairex/contract/constants';
import type { Theme } from '../store/store.ts';

/**
 * The contract's brand colours and layering values become CSS variables on :root, so the stylesheets
 * use one source of truth; the light and dark palettes themselves live in styles/theme.css. Up arrives as
 * --brand-up: each theme picks its own shade of up and down for text (the brand shades do not reach
 * WCAG AA on every surface), see theme.css.
 */
export function installDesignTokens(root: HTMLElement = document.documentElement) {
  const tokens: Record<string, string> = {
    '--brand-up': COLORS.up,
    '--color-base': COLORS.base,
    '--tab-text': COLORS.tabText,
    '--tab-selected': COLORS.tabSelected,
    '--tab-background': COLORS.tabBackground,
    '--coin-btc': COLORS.coin.BTC,
    '--coin-usdt': COLORS.coin.USDT,
    '--coin-ltc': COLORS.coin.LTC,
    '--coin-eth': COLORS.coin.ETH,
    '--z-toast': String(Z_INDEX.toast),
    '--z-no-network': String(Z_INDEX.noNetwork),
    '--z-popup': String(Z_INDEX.popup),
    '--z-mask': String(Z_INDEX.mask),
    '--z-navbar': String(Z_INDEX.navbar),
    '--z-top-tips': String(Z_INDEX.topTips),
    '--z-sticky': String(Z_INDEX.sticky),
  };
  for (const [name, value] of Object.entries(tokens)) root.style.setProperty(name, value);
}

/** Our palette switches on data-theme; antd-mobile's dark variables switch on data-prefers-color-scheme. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement) {
  root.dataset.theme = theme;
  root.setAttribute('data-prefers-color-scheme', theme);
  root.style.colorScheme = theme;
}
