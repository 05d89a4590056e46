/** The full text of every terms document, each with its version, linked from the sign-up checklists. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary, TermsDocuments } from "~/pageKit";
import { json, languageOf, termsTextsIn } from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.terms],
  i18n: ["signup"],
  layout: "default",
  title: "titles.terms",
  back: "/member/agree",
};

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ documents: await termsTextsIn(await languageOf(request)) });
}

export default function TermsRoute() {
  const { documents } = useLoaderData<typeof loader>();
  return <TermsDocuments documents={documents} />;
}

export const ErrorBoundary = RouteErrorBoundary;
