/**
 * What each route declares about its page in its own `handle`: the layout it is
 * drawn in, its title (an i18next key, or a function of the URL for routes whose
 * title depends on it), its bottom tab (likewise), and where its back button goes without
 * JavaScript. The server reads three more (through the build, before the route
 * runs): `rateLimit: "auth"` puts the route's posts in the strictest rate-limit
 * tier (`"auth-form"`: the same, answered by the route's form loop, which keeps
 * what was typed), `maxBody` raises its request-body limit (uploads: the server then hands the
 * route its body unread, as a stream, for the route to read once it has decided the sender may
 * send one — app/community/uploads.server.ts), and `personal` marks a
 * page that shows personal data (never cached: `Cache-Control: private, no-store`).
 */
import { useLocation, useMatches } from "@remix-run/react";

export type LayoutName = "main" | "join" | "default" | "simple" | "blank" | "community" | "none";
export type TabName = "home" | "community" | "benefit" | "noti" | "mypage";

export interface PageHandle {
  /** The translation namespaces the page uses besides `common`; the browser loads them before it renders. */
  i18n?: string | string[];
  /** The stylesheets of the page's features besides the app's own (the URLs their imports give); inlined in its HTML. */
  styles?: string[];
  layout?: LayoutName;
  title?: string | ((url: URL) => string);
  /** The page's meta description (a `common` key, as the title is); the app's own when absent. */
  description?: string;
  tab?: TabName | ((url: URL) => TabName | undefined);
  /** Where the back arrow goes without JavaScript; null: no back arrow (a tab's first page). */
  back?: string | null;
  /** The page offers sign-out itself (my page): the footer leaves its own out, so it appears once. */
  ownSignOut?: boolean;
  /**
   * The page draws its own `<h1>` from its data (a notice's title, which is also the document's title): the
   * header shows its handle title as plain text, so the page has one heading of the first level.
   */
  ownHeading?: boolean;
  /**
   * The page does not tell those it refuses that it exists (the admin area): when its loader answered with an
   * error (its 404 for everyone but admins), the page is drawn as an unknown path's, title and header alike.
   */
  secret?: boolean;
  rateLimit?: "auth" | "auth-form";
  maxBody?: number;
  personal?: boolean;
  /**
   * The page is the same for every person, and for every crawler, who sends the same address, cookies and
   * languages (a notice, the benefits, a visitor's home; a member's page is private and never kept):
   * the server may answer it again for a few seconds without running its route (server/pageCache.ts).
   */
  shared?: boolean;
}

/**
 * The handle of a list's edit page (an admin section's) beside its namespaces: titled `stored` when its address
 * names a stored item (`?itemCd=`, or `?<param>=`), else `fresh`; back to the list; secret; and, for a form larger
 * than the server's default bound, the body it may send.
 */
export function editPageHandle(list: string, stored: string, fresh: string, maxBody?: number, param = "itemCd") {
  return {
    title: (url: URL) => (url.searchParams.has(param) ? stored : fresh),
    back: list,
    secret: true,
    ...(maxBody === undefined ? {} : { maxBody }),
  } satisfies PageHandle;
}

export interface Page {
  layout: LayoutName;
  titleKey: string;
  descriptionKey: string;
  tab: TabName | null;
  back: string | null;
  ownSignOut: boolean;
  ownHeading: boolean;
}

/** The page facts of the deepest route that declares them. */
export function usePage(): Page {
  const matches = useMatches();
  const location = useLocation();
  let handle: PageHandle = {};
  for (const match of matches) {
    const h = match.handle as PageHandle | undefined;
    // A secret page whose loader did not answer (its 404) is the unknown path's page (routes/$.tsx).
    if (h?.secret && match.data === undefined) {
      handle = { layout: "default", title: "titles.notFound" };
      break;
    }
    if (h && (h.layout || h.title)) handle = h;
  }
  // Joined as text, not resolved: a path such as "//x" must stay a path, not become a host.
  const url = new URL(`http://page.local${location.pathname}${location.search}`);
  const title = typeof handle.title === "function" ? handle.title(url) : handle.title;
  const tab = typeof handle.tab === "function" ? handle.tab(url) : handle.tab;
  return {
    layout: handle.layout ?? "default",
    titleKey: title ?? "titles.main",
    descriptionKey: handle.description ?? "app.description",
    tab: tab ?? null,
    back: handle.back === undefined ? "/" : handle.back,
    ownSignOut: handle.ownSignOut ?? false,
    ownHeading: handle.ownHeading ?? false,
  };
}
