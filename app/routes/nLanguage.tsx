import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/lib/page";
import { featureStyles, LanguagePicker, RouteErrorBoundary } from "~/pageKit";
import { json, redirect, chooseLanguage, languagePageData } from "~/routeKit.server";

/** The second variant of language selection, drawn in the join layout (header with a back button). */
export const handle: PageHandle = {
  styles: [featureStyles.language],
  layout: "join",
  title: "titles.language",
};

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await languagePageData(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const chosen = await chooseLanguage(request);
  if (!chosen.ok)
    return json({ error: "errors.unknownLanguage" as const, redirectTo: chosen.redirectTo }, { status: 400 });
  return redirect(chosen.redirectTo, { headers: { "Set-Cookie": chosen.setCookie } });
}

export default function NLanguageRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <LanguagePicker
      current={data.current}
      options={data.options}
      redirectTo={result?.redirectTo ?? data.redirectTo}
      error={result?.error}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
