/** Sign-up with an ID, done: the account exists, its profile is stored, and the member is signed in. */
import { useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/lib/page";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { SignUpComplete } from "~/kits/welcome";
import { json, redirect, completionOf } from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.join],
  i18n: ["signup"],
  layout: "simple",
  title: "titles.signUp",
  back: "/",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const done = await completionOf(request, context.services);
  if (!done) throw redirect("/member/agree");
  return json(done);
}

export default function CompleteRoute() {
  return <SignUpComplete {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
