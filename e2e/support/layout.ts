import type { Page } from 'playwright-core';

/**
 * What sticks out of the viewport on the page as drawn now: the document scrolling sideways, an element
 * reaching past either edge that no scrolling box of its own holds, and text cut off by a box that hides
 * its overflow without an ellipsis, a title bar's text that wraps, a control not in the page's font, and
 * two controls (buttons, links, fields, tabs) drawn over each other.
 * Each finding names the element by its tag, classes and text.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const name = (el: Element) => {
      const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 3).join('.') : '';
      const text = (el as HTMLElement).innerText?.trim().replace(/\s+/g, ' ').slice(0, 40) ?? '';
      return `<${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${text}"`;
    };
    const inside = (r: DOMRect) => r.left >= -1 && r.right <= width + 1;
    /** A box that scrolls sideways (a tab strip, a wide table) or a carousel's track holds what it shows. */
    const heldBy = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        // A carousel's slides move through its own window (slides off to either side while it turns, when
        // there are several banners): the window is what must fit.
        const carousel = p.closest('.adm-swiper');
        if (carousel) return inside(carousel.getBoundingClientRect());
        if (['auto', 'scroll'].includes(style.overflowX)) return inside(p.getBoundingClientRect());
        if (style.overflowX === 'hidden' || style.overflowX === 'clip') return inside(p.getBoundingClientRect()) ? 'hidden' : false;
      }
      return false;
    };
    if (document.documentElement.scrollWidth > width + 1) found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${width} px`);
    for (const el of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      // Not drawn: hidden, or inside what skips its drawing (a closed <details>, content-visibility).
      if (!el.checkVisibility({ visibilityProperty: true }) || el.closest('[aria-hidden="true"], svg, canvas')) continue;
      const rect = el.getBoundingClientRect();
      // Nothing drawn, or text kept for screen readers only (a 1 px clipped box).
      if (rect.width <= 1 || rect.height <= 1) continue;
      if (!inside(rect)) {
        const held = heldBy(el);
        if (held === true) continue;
        // Clipped by a box that hides overflow: only a finding when it is text the user cannot read.
        if (held === 'hidden' && !(el as HTMLElement).innerText?.trim()) continue;
        found.push(`${name(el)} reaches ${Math.round(rect.left)}..${Math.round(rect.right)} px in ${width} px`);
        continue;
      }
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      if (ownText && ['hidden', 'clip'].includes(style.overflowX) && style.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1) {
        found.push(`${name(el)} is cut: ${el.scrollWidth} px of text in ${el.clientWidth} px`);
      }
    }
    // The title bar's texts stay on one line (a link that wraps, "Mes / positions", does not fit its side).
    for (const bar of document.querySelectorAll('.nav-bar')) {
      for (const el of bar.querySelectorAll('*')) {
        const text = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
        if (!text) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) found.push(`${name(el)} wraps in the title bar`);
      }
    }
    // Every control writes in the page's font: a browser's or a library's own font on a button stands out.
    const font = getComputedStyle(document.body).fontFamily;
    for (const el of document.body.querySelectorAll('button, input, select, textarea')) {
      if (el.checkVisibility() && getComputedStyle(el).fontFamily !== font) found.push(`${name(el)} writes in ${getComputedStyle(el).fontFamily}`);
    }
    // Controls over each other: compared only within one layer (the page's flow, or what is fixed or
    // sticky on top of it, which rightly covers the flow scrolling beneath it).
    const layerOf = (el: Element) => {
      for (let p: Element | null = el; p; p = p.parentElement) {
        const position = getComputedStyle(p).position;
        if (position === 'fixed' || position === 'sticky') return p;
      }
      return null;
    };
    const controls = [...document.body.querySelectorAll('a, button, input, select, textarea, [role="button"], [role="tab"]')].filter((el) => {
      const rect = el.getBoundingClientRect();
      return rect.width > 1 && rect.height > 1 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && !el.closest('[aria-hidden="true"]');
    });
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        const [a, b] = [controls[i]!, controls[j]!];
        if (a.contains(b) || b.contains(a) || layerOf(a) !== layerOf(b)) continue;
        const [ra, rb] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        const overlapX = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const overlapY = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (overlapX > 2 && overlapY > 2) found.push(`${name(a)} and ${name(b)} overlap by ${Math.round(overlapX)}x${Math.round(overlapY)} px`);
      }
    }
    return found;
  });
}
