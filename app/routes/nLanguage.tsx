/** The second variant of language selection, drawn in the join layout (header with a back button). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { LanguagePage } from "~/kits/language";
import { json, languageChoiceAction, languagePageData } from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.language],
  layout: "join",
  title: "titles.language",
};

export const loader = async ({ request }: LoaderFunctionArgs) => json(await languagePageData(request));

export const action = ({ request }: ActionFunctionArgs) => languageChoiceAction(request);

export default function NLanguageRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <LanguagePage data={data} result={result} ownHeader={false} />;
}

export const ErrorBoundary = RouteErrorBoundary;
