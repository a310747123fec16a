import sanitizeHtml from 'sanitize-html';

/**
 * Rich text as administrators may write it, reduced to what a help or news page needs. Scripts,
 * event handlers, styles, iframes and `javascript:`/`data:` URLs are removed; links may go to https
 * pages, mail addresses or our own pages, and always open safely.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'blockquote',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'code',
  ],
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https:/i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' } : attribs };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    ...OPTIONS,
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
    transformTags: OPTIONS.transformTags,
  }).trim();
}
