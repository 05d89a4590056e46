/**
 * Sign-out: POST only (a link or prefetch must never sign anyone out). Ends every
 * session of the member, clears the cookie and goes home.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect, endSession } from "~/routeKit.server";

export async function action({ request, context }: ActionFunctionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await endSession(request, context.services) } });
}

export const loader = () => redirect("/");
