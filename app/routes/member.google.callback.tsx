/** Google sends the visitor back here with a code; it ends in our session cookie, or back at the start screen with a message. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import {
  callbackUrl,
  exchangeCode,
  googleConfigured,
  googleFlow,
  nonceOf,
  signInWithGoogleToken,
} from "~/auth/google.server";
import { startSession } from "~/auth/session.server";
import { RouteErrorBoundary } from "~/components/ErrorView";
import { notFound } from "~/lib/http.server";
import type { PageHandle } from "~/lib/page";

export const handle: PageHandle = { layout: "default", title: "titles.start" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  if (!googleConfigured(services.config)) notFound(request);
  const url = new URL(request.url);
  const flows = googleFlow(services);
  const flow = await flows.read(request);
  const headers = new Headers({ "Set-Cookie": await flows.clear() });
  const fail = (reason: string) => redirect(`/member/start?google=${reason}`, { headers });

  const code = url.searchParams.get("code");
  if (!flow?.state || url.searchParams.get("state") !== flow.state || !code) return fail("failed");
  const redirectUri = callbackUrl(services.config, request);
  const googleIdToken = await exchangeCode(services.config, code.slice(0, 2048), redirectUri).catch(() => null);
  if (!googleIdToken || nonceOf(googleIdToken) !== flow.nonce) return fail("failed");
  const signedIn = await signInWithGoogleToken(services, googleIdToken, redirectUri);
  if (!signedIn.ok) return fail(signedIn.reason);
  try {
    headers.append("Set-Cookie", await startSession(services, signedIn.idToken));
  } catch {
    return fail("failed");
  }
  return redirect(flow.redirectTo ?? "/", { headers });
}

export default function GoogleCallbackRoute() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
