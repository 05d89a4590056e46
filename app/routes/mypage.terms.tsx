/** The terms and the privacy policy as the member agreed to them, from my page. */
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
  tab: "mypage",
  back: "/mypage",
};

export async function loader({ request }: LoaderFunctionArgs) {
  return json({ documents: await termsTextsIn(await languageOf(request)) });
}

export default function MyTermsRoute() {
  const { documents } = useLoaderData<typeof loader>();
  return <TermsDocuments documents={documents} />;
}

export const ErrorBoundary = RouteErrorBoundary;
