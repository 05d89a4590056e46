/**
 * Notice bodies: Markdown (CommonMark) rendered on the server by markdown-it, then
 * sanitised by sanitize-html. Two locks, each enough alone for the usual attacks:
 * markdown-it runs with raw HTML off (a `<script>` typed in a body is shown as
 * text) and its link check (no `javascript:`, `vbscript:`, `file:`, `data:`);
 * sanitize-html then keeps only the elements Markdown makes, no attribute but a
 * link's address and a code block's language class, and only http(s), mailto and
 * tel addresses (or paths of this site). Links to other sites open in a new tab,
 * without telling that site where the reader came from, and without our vouching
 * for them (`rel="noopener noreferrer nofollow"`). An image is a link to it, named
 * by its description: the page makes readers' phones fetch nothing from elsewhere.
 */
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

const markdown = new MarkdownIt("commonmark", { html: false, linkify: false, typographer: false });
// An image becomes a link to it, named by its description: nothing is fetched from elsewhere by the page.
markdown.renderer.rules.image = (tokens, index, options, _env, self) => {
  const token = tokens[index]!;
  const src = String(token.attrGet("src") ?? "");
  const alt = self.renderInlineAsText(token.children ?? [], options, _env) || src;
  return `<a href="${markdown.utils.escapeHtml(src)}">${markdown.utils.escapeHtml(alt)}</a>`;
};

const SITE_PATH = /^\/(?!\/)/;
const SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);

/** A path of this site, or an absolute address with an allowed scheme; anything else is no link. */
function linkTarget(href: string): { href: string; external: boolean } | null {
  if (SITE_PATH.test(href)) return { href, external: false };
  try {
    const { protocol } = new URL(href);
    // mailto: and tel: open the phone's own apps, not another site.
    return SCHEMES.has(protocol) ? { href, external: protocol === "http:" || protocol === "https:" } : null;
  } catch {
    return null;
  }
}

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "em",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
  ],
  allowedAttributes: { a: ["href", "rel", "target"], ol: ["start"], code: ["class"] },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // Raw HTML never reaches here (markdown-it escapes it): anything else is dropped, its text kept.
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const target = linkTarget(attribs.href ?? "");
      if (!target) return { tagName, attribs: {} };
      if (!target.external) return { tagName, attribs: { href: target.href } };
      return { tagName, attribs: { href: target.href, rel: "noopener noreferrer nofollow", target: "_blank" } };
    },
    // A body's headings sit under the page's own <h1> (the notice's title).
    h1: "h2",
  },
};

/** A notice body as safe HTML for the page. */
export function renderMarkdown(body: string): string {
  return sanitizeHtml(markdown.render(body), sanitizeOptions);
}

/** The body as one line of plain text (a meta description, an excerpt): no markup, entities decoded. */
export function markdownText(body: string): string {
  const text = sanitizeHtml(markdown.render(body), { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => ENTITIES[name] ?? "");
}
