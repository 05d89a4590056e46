/**
 * The terms and the privacy policy from my page, as on /member/terms: each document's version in force with its
 * effective date, and its earlier and announced versions. Public, like the page it mirrors.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { TermsDocuments } from "~/kits/terms";
import { json, languageOf, pageSeo, termsPageIn } from "~/routeKit.server";

export const handle: PageHandle = {
  // The same for every visitor: the server may answer it again for a few seconds (server/pageCache.ts).
  shared: true,
  styles: [featureStyles.terms],
  i18n: ["signup", "terms"],
  layout: "default",
  title: "titles.terms",
  tab: "mypage",
  back: "/mypage",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const lng = await languageOf(request);
  const seo = pageSeo(request, context.services.config, lng, { query: ["document", "version"] });
  return json({ ...(await termsPageIn(context.services, request, lng)), seo });
}

export default function MyTermsRoute() {
  return <TermsDocuments page={useLoaderData<typeof loader>()} base="/mypage/terms" />;
}

export const ErrorBoundary = RouteErrorBoundary;
