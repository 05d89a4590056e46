/** Sign-up with an ID, done: the account exists, its profile is stored, and the member is signed in. */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/ErrorView";
import { SignUpComplete } from "~/components/SignUpComplete";
import type { PageHandle } from "~/lib/page";
import { completionOf } from "~/signup/complete.server";

export const handle: PageHandle = { layout: "simple", title: "titles.signUp", back: "/", personal: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const done = await completionOf(request, context.services);
  if (!done) throw redirect("/member/agree");
  return json(done);
}

export default function CompleteRoute() {
  return <SignUpComplete {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
