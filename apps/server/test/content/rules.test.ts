// Proves the pure content rules with worked examples: which version a reader gets, when an item shows,
// the plain-text summary, what the sanitiser keeps, and which hosts the web view may frame.
import { CONTENT_SUMMARY_CHARS_MAX, frameHostsFrom } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { isVisible, pickVersion } from '../../src/content/rules.ts';
import { sanitizeContent, summaryOf } from '../../src/content/sanitize.ts';

describe('content rules', () => {
  const versions = [
    { lang: 'en', title: 'Hello' },
    { lang: 'zh', title: '你好' },
  ];

  it('gives a reader their language, else English, else nothing', () => {
    expect(pickVersion(versions, 'zh')?.title).toBe('你好');
    expect(pickVersion(versions, 'th')?.title).toBe('Hello');
    expect(pickVersion([{ lang: 'zh', title: '你好' }], 'th')).toBeUndefined();
  });

  it('shows an item once published and its publish time has come', () => {
    const publishAt = new Date('2026-11-23T10:00:00Z');
    expect(isVisible({ status: 'published', publishAt }, publishAt.getTime())).toBe(true);
    expect(isVisible({ status: 'published', publishAt }, publishAt.getTime() - 1)).toBe(false);
    expect(isVisible({ status: 'draft', publishAt }, publishAt.getTime() + 1)).toBe(false);
  });

  it('summarises the body as plain text, blocks apart, its headings left out, cut with an ellipsis', () => {
    expect(summaryOf('<h2>Title</h2><p>One &amp; two &lt;three&gt;</p><ul><li>a</li><li>b</li></ul>')).toBe('One & two <three> a b');
    expect(summaryOf('<h2>Fair by construction</h2><p>Orders meet real orders.</p><h3>Costs</h3><p>None.</p>')).toBe('Orders meet real orders. None.');
    // A body of headings only keeps them: a summary is never empty while the body has text.
    expect(summaryOf('<h2>Only a heading</h2>')).toBe('Only a heading');
    const long = summaryOf(`<p>${'字'.repeat(CONTENT_SUMMARY_CHARS_MAX + 10)}</p>`);
    expect([...long]).toHaveLength(CONTENT_SUMMARY_CHARS_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('keeps structure, safe links and content images, and nothing that runs or styles', () => {
    expect(sanitizeContent('<details><summary>Q?</summary><p class="x">A <b>bold</b></p></details>')).toBe('<details><summary>Q?</summary><p>A <b>bold</b></p></details>');
    expect(sanitizeContent('<a href="mailto:a@b.c">m</a><a href="tel:+100">t</a><a href="#/pages/common/faq">in</a>')).toBe(
      '<a href="mailto:a@b.c">m</a><a href="tel:+100">t</a><a href="#/pages/common/faq">in</a>',
    );
    expect(sanitizeContent('<a href="data:text/html,x">d</a><a href="vbscript:x">v</a><a href="jav&#x09;ascript:alert(1)">t</a>')).toBe('<a>d</a><a>v</a><a>t</a>');
    expect(sanitizeContent('<img src="/content-images/0123456789abcdef0123456789abcdef.webp" style="width:9px" onerror="x">')).toBe(
      '<img src="/content-images/0123456789abcdef0123456789abcdef.webp" />',
    );
    expect(sanitizeContent('<img src="/uploads/0123456789abcdef0123456789abcdef.png"><img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeContent('<table><tr><td colspan="2" onclick="x">c</td></tr></table>')).toBe('<table><tr><td colspan="2">c</td></tr></table>');
    // Idempotent: what is stored sanitised comes back unchanged when shown.
    const once = sanitizeContent('<p>a<script>b</script><a href="https://e.com">e</a></p>');
    expect(sanitizeContent(once)).toBe(once);
  });

  it('frames the allow-listed hosts and the chat host, lower-cased, valid host names only', () => {
    expect(frameHostsFrom(['Docs.Example.com', 'bad host', "x.com; script-src *", 'docs.example.com'], 'https://chat.example.org/w?id=1')).toEqual([
      'docs.example.com',
      'chat.example.org',
    ]);
    expect(frameHostsFrom(undefined, '')).toEqual([]);
    expect(frameHostsFrom('docs.example.com', 'not a url')).toEqual([]);
  });
});
