import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PageHandle } from "~/lib/page";
import { featureStyles, LanguagePicker, RouteErrorBoundary } from "~/pageKit";
import { json, redirect, chooseLanguage, languagePageData } from "~/routeKit.server";
import logo from "~/assets/logo.svg";

export const handle: PageHandle = {
  styles: [featureStyles.language],
  layout: "none",
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

export default function LanguageRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="language-page">
      {/* The page's title for those who hear or scan headings; the logo and the list say it to the eye. */}
      <h1 className="visually-hidden">{t("titles.language")}</h1>
      <img className="language-page__logo" src={logo} alt="" width="120" height="30" />
      <LanguagePicker current={data.current} redirectTo={result?.redirectTo ?? data.redirectTo} error={result?.error} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
