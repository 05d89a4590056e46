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
 * In a body that is not Korean, each Korean term it quotes is its own isolate
 * (`<bdi lang="ko" dir="ltr" class="ko-term">`, lib/koreanTerms.ts), made here from
 * the text, never from the author's markup.
 */
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";
import { koreanTermClass, koreanTermRuns } from "~/lib/koreanTerms";

const markdown = new MarkdownIt("commonmark", { html: false, linkify: false, typographer: false });
// An image becomes a link to it, named by its description: nothing is fetched from elsewhere by the page.
markdown.renderer.rules.image = (tokens, index, options, _env, self) => {
  const token = tokens[index]!;
  const src = String(token.attrGet("src") ?? "");
  const alt = self.renderInlineAsText(token.children ?? [], options, _env) || src;
  return `<a href="${markdown.utils.escapeHtml(src)}">${markdown.utils.escapeHtml(alt)}</a>`;
};

// Text: escaped, and, when the body asks for it (`env.koreanTerms`), its Korean terms isolated.
markdown.renderer.rules.text = (tokens, index, _options, env) => {
  const content = tokens[index]!.content;
  const escape = markdown.utils.escapeHtml;
  if ((env as RenderEnv | undefined)?.koreanTerms !== true) return escape(content);
  return koreanTermRuns(content)
    .map((run) =>
      run.term
        ? `<bdi lang="ko" dir="ltr" class="${koreanTermClass(run.term)}">${escape(run.text)}</bdi>`
        : escape(run.text),
    )
    .join("");
};

/** What a render carries to the rules (markdown-it's `env`). */
type RenderEnv = Record<PropertyKey, unknown> & { koreanTerms?: boolean };

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
    "bdi",
  ],
  allowedAttributes: { a: ["href", "rel", "target"], ol: ["start"], code: ["class"], bdi: ["lang", "dir", "class"] },
  allowedClasses: { code: [/^language-[\w-]+$/], bdi: ["ko-term", "ko-term--long"] },
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
    // Only the text rule above makes a <bdi> (raw HTML is off): it is a Korean, left-to-right isolate, nothing else.
    bdi: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: { lang: "ko", dir: "ltr", ...(attribs.class ? { class: attribs.class } : {}) },
    }),
  },
};

/**
 * A notice body as safe HTML for the page. `koreanTerms`: isolate the Korean terms it quotes (a body in any
 * language but Korean: `isolatesKoreanTerms`).
 */
export function renderMarkdown(body: string, options: { koreanTerms?: boolean } = {}): string {
  const env: RenderEnv = { koreanTerms: options.koreanTerms === true };
  return sanitizeHtml(markdown.render(body, env), sanitizeOptions);
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
