/**
 * Language selection, the first thing a new visitor sees (the main page sends
 * people here until they have chosen), drawn with its own header (the page is
 * `LanguagePage`, shared with /nLanguage).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { LanguagePage } from "~/kits/language";
import { json, languageChoiceAction, languagePageData } from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.language],
  layout: "none",
  title: "titles.language",
};

export const loader = async ({ request }: LoaderFunctionArgs) => json(await languagePageData(request));

export const action = ({ request }: ActionFunctionArgs) => languageChoiceAction(request);

export default function LanguageRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <LanguagePage data={data} result={result} ownHeader />;
}

export const ErrorBoundary = RouteErrorBoundary;
