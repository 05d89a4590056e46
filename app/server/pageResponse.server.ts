/**
 * A page's Response, and its HTML as text for the server (decision 0078). The server compresses a page from its
 * text (server/documentGzip.ts); a Response made from a 40 KB string would check and encode it whole, then the
 * server would read it back and decode it: about a tenth of a signed-in page view's time. So a page's body is
 * encoded only if it is read as a stream (a client that takes no gzip), and the server takes the text it was made
 * from (`pageText`, through the build's bootstrap).
 */
const texts = new WeakMap<Response, string>();

export function pageResponse(html: string, init: ResponseInit): Response {
  // No queue ahead (highWaterMark 0): nothing is encoded until a reader asks.
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(html));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const response = new Response(body, init);
  texts.set(response, html);
  return response;
}

/** The HTML a page's Response was made from (undefined for any other Response). */
export function pageText(response: Response): string | undefined {
  return texts.get(response);
}
