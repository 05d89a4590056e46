import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ComingSoon } from "~/components/ComingSoon";
import type { PageHandle } from "~/lib/page";
import { upcomingFeatureAt } from "~/lib/upcoming";
import { RouteErrorBoundary } from "~/pageKit";
import { json, notFound } from "~/routeKit.server";

/**
 * Every path no other route claims. A path of a feature that is still being built
 * (lib/upcoming.ts) shows that feature's coming-soon page; any other path is the
 * spec's 'Page not found: {path}' with status 404, from this route's boundary.
 */
export const handle: PageHandle = {
  layout: "default",
  title: (url) => {
    const upcoming = upcomingFeatureAt(url.pathname);
    return upcoming ? `titles.${upcoming.feature}` : "titles.notFound";
  },
  tab: (url) => upcomingFeatureAt(url.pathname)?.tab,
};

export function loader({ request }: LoaderFunctionArgs) {
  const upcoming = upcomingFeatureAt(new URL(request.url).pathname);
  if (!upcoming) notFound(request);
  return json({ feature: upcoming.feature });
}

// Nothing here takes a post yet.
export const action = ({ request }: ActionFunctionArgs) => notFound(request);

// A placeholder is not a page for search results.
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function CatchAll() {
  const { feature } = useLoaderData<typeof loader>();
  return <ComingSoon feature={feature} />;
}

export const ErrorBoundary = RouteErrorBoundary;
