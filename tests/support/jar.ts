/** What a browser does between requests, for tests that drive loaders and actions directly. */
import type { AppLoadContext } from "@remix-run/node";

/** Cookies the browser would hold, updated from each response. */
export class Jar {
  cookies = new Map<string, string>();
  /** Another browser holding the same cookies (a stolen or copied cookie jar). */
  copy() {
    const other = new Jar();
    other.cookies = new Map(this.cookies);
    return other;
  }
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name!);
      else this.cookies.set(name!, value);
    }
    return response;
  }
  get header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

export const run = async (fn: () => unknown): Promise<Response> => {
  try {
    return (await fn()) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
};

type RouteFunction = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;

/** Posts a form to a route's action as this browser would, keeping the cookies it answers with. */
export const post = (
  action: RouteFunction,
  path: string,
  jar: Jar,
  fields: Record<string, string>,
  context: AppLoadContext,
) =>
  run(() =>
    action({
      request: new Request(`http://x${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: jar.header },
      }),
      params: {},
      context,
    }),
  ).then((response) => jar.take(response));

/** Loads a route's loader as this browser would. */
export const get = (loader: RouteFunction, path: string, jar: Jar, context: AppLoadContext) =>
  run(() =>
    loader({ request: new Request(`http://x${path}`, { headers: { Cookie: jar.header } }), params: {}, context }),
  ).then((response) => jar.take(response));
