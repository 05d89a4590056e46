import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { PageHandle } from "~/lib/page";
import { RouteErrorBoundary } from "~/pageKit";
import { notFound } from "~/routeKit.server";

/** Every path no other route claims: 'Page not found: {path}' with status 404, from this route's boundary. */
export const handle: PageHandle = { layout: "default", title: "titles.notFound" };

export const loader = ({ request }: LoaderFunctionArgs) => notFound(request);
export const action = ({ request }: ActionFunctionArgs) => notFound(request);

export default function CatchAll() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
