/**
 * The HTML a flow step may hold (docs/product/entities.md#flow-step-button-and-action: content from
 * the rich-text editor). One list, read by the server's sanitiser at save time and by the SDK's
 * again before rendering, so both agree.
 */

/** The shape of the allow-list below. */
export interface StepHtmlAllowList {
  /** Elements kept: headings, paragraphs, inline formatting, lists, links, images, code. */
  readonly tags: readonly string[];
  /** Attributes kept per tag; every other attribute (style, id, on*, …) is dropped. */
  readonly attributes: Readonly<Record<string, readonly string[]>>;
  /** Attributes holding a URL, checked against the schemes below. */
  readonly urlAttributes: readonly string[];
  /** URL schemes allowed for tags without their own list. */
  readonly schemes: readonly string[];
  /** URL schemes per tag; relative URLs pass, protocol-relative ones (`//host`) do not. */
  readonly schemesByTag: Readonly<Record<string, readonly string[]>>;
  /** Elements removed together with everything inside them (other unknown tags are unwrapped). */
  readonly droppedWithContent: readonly string[];
  /** The rel every link gets, whatever it had. */
  readonly linkRel: string;
}

/** The allow-list of step content. */
export const STEP_HTML: StepHtmlAllowList = {
  tags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'blockquote',
    'code',
    'pre',
    'span',
  ],
  attributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
  },
  urlAttributes: ['href', 'src'],
  schemes: ['http', 'https'],
  schemesByTag: { a: ['http', 'https', 'mailto'], img: ['http', 'https'] },
  droppedWithContent: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
  ],
  linkRel: 'noopener noreferrer nofollow',
};
