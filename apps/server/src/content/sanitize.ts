/**
 * The one sanitiser of operators' HTML (sanitize-html, an allow-list): applied when content is saved
 * and again when it is shown, so neither what is stored nor what is served can run script. Kept: text
 * structure (headings, paragraphs, lists, tables, quotes, code, collapsible details), links to http(s),
 * mail, phone or an in-app route, and images from the site's own content images. Dropped: every other
 * tag (script, style, iframe, svg, forms...) with a script's or style's text, every event handler,
 * style and class attribute, javascript: and every other scheme, protocol-relative links.
 */
import { CONTENT_SUMMARY_CHARS_MAX, isContentImage } from '@fairex/contract';
import sanitizeHtml from 'sanitize-html';

const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'blockquote', 'code', 'pre',
    'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'details', 'summary',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'title'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'], ol: ['start'] },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // An image that is not one of the site's content images is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isContentImage(frame.attribs.src ?? ''),
  transformTags: {
    // Links out open in a new tab that cannot reach back to the app; in-app links (#/pages/...) stay as they are.
    a: (tagName, attribs) => {
      const { target: _target, rel: _rel, ...kept } = attribs;
      return /^https?:/i.test(kept.href ?? '') ? { tagName, attribs: { ...kept, target: '_blank', rel: 'noopener noreferrer' } } : { tagName, attribs: kept };
    },
  },
};

export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** What the sanitiser escapes in text, decoded back for plain text. */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };
const BLOCK_END = /<\/(?:p|h[2-4]|li|td|th|tr|blockquote|pre|figcaption|summary|details)>|<br\s*\/?>/gi;

const HEADING = /<h([2-4])\b[^>]*>[\s\S]*?<\/h\1>/gi;

const plainText = (html: string) =>
  sanitizeHtml(html.replace(BLOCK_END, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The body as plain text (blocks apart by a space), cut to CONTENT_SUMMARY_CHARS_MAX characters with an
 * ellipsis. The body's headings are left out (the item's own title heads it in a list, and a heading run
 * into its paragraph reads "Fair by construction Orders meet…"), unless the body has nothing else.
 */
export function summaryOf(html: string): string {
  const text = plainText(html.replace(HEADING, ' ')) || plainText(html);
  const chars = [...text];
  return chars.length <= CONTENT_SUMMARY_CHARS_MAX ? text : `${chars.slice(0, CONTENT_SUMMARY_CHARS_MAX - 1).join('').trimEnd()}…`;
}
