/** Sign-up with a phone, done. */
import { useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/lib/page";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { SignUpComplete } from "~/kits/welcome";
import { json, redirect, completionOf } from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.join],
  i18n: ["signup"],
  layout: "blank",
  title: "titles.signUpComplete",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const done = await completionOf(request, context.services);
  if (!done) throw redirect("/sign");
  return json(done);
}

export default function SignUpCompleteRoute() {
  // The blank layout has no header: the welcome is the page's <h1>.
  return <SignUpComplete {...useLoaderData<typeof loader>()} level={1} />;
}

export const ErrorBoundary = RouteErrorBoundary;
