/** Sign-up with a phone, done. */
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/ErrorView";
import { SignUpComplete } from "~/components/SignUpComplete";
import type { PageHandle } from "~/lib/page";
import { completionOf } from "~/signup/complete.server";

export const handle: PageHandle = { layout: "blank", title: "titles.signUpComplete", personal: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const done = await completionOf(request, context.services);
  if (!done) throw redirect("/sign");
  return json(done);
}

export default function SignUpCompleteRoute() {
  return <SignUpComplete {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
