/** Starts Google sign-in: a POST from the start screen, answered with a redirect to Google. 404 when not configured. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import {
  authorizeUrl,
  callbackUrl,
  googleConfigured,
  googleFlow,
  newGoogleFlow,
  notFound,
  readForm,
  redirect,
  safeRedirect,
  withCookies,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms],
  layout: "default",
  title: "titles.start",
  rateLimit: "auth",
};

export const loader = ({ request }: LoaderFunctionArgs) => notFound(request);

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  if (!googleConfigured(services.config)) notFound(request);
  const form = await readForm(request);
  const flow = newGoogleFlow(safeRedirect(form.get("redirectTo")));
  const started = await googleFlow(services).start(request, flow);
  return redirect(authorizeUrl(services.config, callbackUrl(services.config, request), flow), {
    headers: withCookies(new Headers(), started.cookies),
  });
}

export default function GoogleRoute() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
