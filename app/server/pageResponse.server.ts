/**
 * A page's Response, and its HTML as text for the server (decision 0078). The server compresses a page from its
 * text (server/documentGzip.ts); a Response made from a 40 KB string would check and encode it whole, then the
 * server would read it back and decode it: about a tenth of a signed-in page view's time. So a page's body is
 * encoded only if it is read as a stream (a client that takes no gzip), and the server takes the text it was made
 * from (`pageText`, through the build's bootstrap).
 *
 * A page from the render cache (entry.server.tsx) comes as its template: the rendered document with a slot where
 * each answer's nonce goes, and the render's key. The server compresses a template once and joins each answer's
 * nonce in (`pageTemplate`, decision 0115); the text with the nonce in place is made only if something reads it.
 */
export interface PageTemplate {
  /** The render cache's key: the same key, the same template. */
  key: string;
  template: string;
  /** What stands for the nonce in the template. */
  slot: string;
  /** This answer's nonce. */
  value: string;
}

interface Page {
  text: () => string;
  template: PageTemplate | null;
}

const pages = new WeakMap<Response, Page>();

export function pageResponse(html: string | PageTemplate, init: ResponseInit): Response {
  const template = typeof html === "string" ? null : html;
  let text = template ? null : (html as string);
  const page: Page = {
    text: () => (text ??= template!.template.replaceAll(template!.slot, template!.value)),
    template,
  };
  // No queue ahead (highWaterMark 0): nothing is encoded until a reader asks.
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(page.text()));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const response = new Response(body, init);
  pages.set(response, page);
  return response;
}

/** The HTML a page's Response was made from (undefined for any other Response). */
export function pageText(response: Response): string | undefined {
  return pages.get(response)?.text();
}

/** The template a page's Response was made from, when it came from the render cache (null otherwise). */
export function pageTemplate(response: Response): PageTemplate | null {
  return pages.get(response)?.template ?? null;
}
