import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { PageHandle } from "~/lib/page";
import { RouteErrorBoundary } from "~/pageKit";
import { notFound } from "~/routeKit.server";

/**
 * Every path no other route claims: the spec's 'Page not found: {path}' with status
 * 404, from this route's boundary, to a GET and to a post alike.
 */
export const handle: PageHandle = {
  layout: "default",
  title: "titles.notFound",
};

export const loader = ({ request }: LoaderFunctionArgs) => notFound(request);

export const action = ({ request }: ActionFunctionArgs) => notFound(request);

// The 404 page is not a page for search results.
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

// Never drawn (the loader always answers 404, drawn by the boundary); it keeps this a page route.
export default function CatchAll() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
