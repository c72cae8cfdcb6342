/**
 * Proves, on the real stylesheets (ours and antd-mobile's, in either order) cascaded by the test DOM, that
 * every button and field writes in the app's font family and size, and that a row of pill tabs placed
 * straight on a page keeps the page's margin.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const antd = path.dirname(require.resolve('antd-mobile/package.json'));
const read = (file: string) => fs.readFileSync(file, 'utf8');
const OURS = ['theme.css', 'app.css'].map((file) => read(path.join(import.meta.dirname, file))).concat(read(path.join(import.meta.dirname, '../components/segment-tabs.css')));
const ANTD = ['es/global/global.css', 'es/components/button/button.css'].map((file) => read(path.join(antd, file)));

/** One design unit of 1 px: the test DOM does not resolve the phone column's min(100vw, ...) unit. */
const FIXED_UNIT = ':root:root { --rpx: 1px; }';

function withStyles(sheets: string[], html: string) {
  for (const text of [...sheets, FIXED_UNIT]) {
    const style = document.createElement('style');
    style.textContent = text;
    document.head.append(style);
  }
  document.documentElement.dataset.theme = 'light';
  document.body.innerHTML = html;
}

describe('controls and page margins', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it.each([
    ['antd-mobile first', [...ANTD, ...OURS]],
    ['ours first', [...OURS, ...ANTD]],
  ])('gives antd-mobile buttons and native fields the app font (%s)', (_, sheets) => {
    withStyles(
      sheets,
      `<div class="page">
        <button class="adm-button adm-button-default adm-button-shape-rounded" id="antd">Copy</button>
        <button class="adm-button adm-button-small" id="small">Repay</button>
        <button id="plain">Open</button><input id="input"><select id="select"></select><textarea id="textarea"></textarea>
      </div>`,
    );
    const body = getComputedStyle(document.body);
    expect(body.fontFamily).toContain('Segoe UI');
    expect(body.fontSize).toBe('calc(28 * 1px)');
    for (const id of ['antd', 'small', 'plain', 'input', 'select', 'textarea']) {
      expect(getComputedStyle(document.getElementById(id)!).fontFamily, id).toBe(body.fontFamily);
    }
    expect(getComputedStyle(document.getElementById('antd')!).fontSize).toBe(body.fontSize);
    expect(getComputedStyle(document.getElementById('small')!).fontSize).toBe('calc(24 * 1px)');
  });

  it('keeps the page margin for pill tabs placed straight on a page, not for those inside a form', () => {
    withStyles(OURS, '<div class="page"><div class="segment-tabs segment-tabs--pill" id="page"></div><form class="form"><div class="segment-tabs segment-tabs--pill" id="form"></div></form></div>');
    expect(getComputedStyle(document.getElementById('page')!).marginLeft).toBe('calc(32 * 1px)');
    expect(getComputedStyle(document.getElementById('page')!).marginRight).toBe('calc(32 * 1px)');
    expect(getComputedStyle(document.getElementById('form')!).marginLeft).not.toBe('calc(32 * 1px)');
  });
});
