/**
 * Google sends the visitor back here with a code. A member ends in our session
 * cookie; a newcomer goes on to join (terms, name and phone, nationality); a
 * failure goes back to the start screen with a message.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import {
  callbackUrl,
  exchangeCode,
  googleConfigured,
  googleFlow,
  notFound,
  redirect,
  safeRedirect,
  signInWithGoogleToken,
  ssoReturn,
  startGoogleJoin,
  startSession,
  tokenHasNonce,
  withCookies,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms],
  layout: "default",
  title: "titles.start",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { services } = context;
  if (!googleConfigured(services.config)) notFound(request);
  const url = new URL(request.url);
  const flows = googleFlow(services);
  // Spent here, whatever happens next: a callback can be answered once.
  const flow = await flows.take(request);
  const headers = new Headers({ "Set-Cookie": await flows.clear() });
  const fail = (reason: string) => redirect(`/member/start?google=${reason}`, { headers });

  const code = url.searchParams.get("code");
  if (!flow?.state || !flow.nonce || url.searchParams.get("state") !== flow.state || !code) return fail("failed");
  const redirectUri = callbackUrl(services.config, request);
  const googleIdToken = await exchangeCode(services.config, code.slice(0, 2048), redirectUri).catch(() => null);
  if (!googleIdToken || !tokenHasNonce(googleIdToken, flow.nonce)) return fail("failed");
  const credential = { idToken: googleIdToken, rawNonce: flow.nonce };
  const signedIn = await signInWithGoogleToken(services, credential, redirectUri);
  if (signedIn.outcome === "failed") return fail("failed");
  if (signedIn.outcome === "newcomer") {
    const join = await startGoogleJoin(
      request,
      services,
      signedIn.identity,
      credential,
      redirectUri,
      ssoReturn(flow.redirectTo),
    );
    return redirect(join.to, { headers: withCookies(headers, join.cookies) });
  }
  const session = await startSession(services, signedIn.idToken);
  if (!session.ok) return fail("failed");
  headers.append("Set-Cookie", session.setCookie);
  return redirect(safeRedirect(flow.redirectTo), { headers });
}

export default function GoogleCallbackRoute() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
