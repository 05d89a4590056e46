/**
 * The terms documents, each in its version in force with its effective date and its other versions, linked from
 * the sign-up checklists and every footer; `?document=…&version=…` shows one version, earlier or announced ones
 * included (an unknown one is a 404).
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
  back: "/member/agree",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const lng = await languageOf(request);
  const seo = pageSeo(request, context.services.config, lng, { query: ["document", "version"] });
  return json({ ...(await termsPageIn(context.services, request, lng)), seo });
}

export default function TermsRoute() {
  return <TermsDocuments page={useLoaderData<typeof loader>()} base="/member/terms" />;
}

export const ErrorBoundary = RouteErrorBoundary;
