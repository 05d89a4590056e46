/** Sign-up with a phone, done. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/ErrorView";
import { SignUpComplete } from "~/components/SignUpComplete";
import type { PageHandle } from "~/lib/page";
import { completionOf } from "~/signup/complete.server";

export const handle: PageHandle = { layout: "blank", title: "titles.signUpComplete", personal: true };

export const loader = ({ request, context }: LoaderFunctionArgs) => completionOf(request, context.services, "/sign");

export default function SignUpCompleteRoute() {
  return <SignUpComplete {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
