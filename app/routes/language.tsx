/**
 * Language selection, the first thing a new visitor sees (the main page sends
 * people here until they have chosen). Its header's back button keeps the
 * language the visitor was given (a first visit has no page to go back to
 * without choosing); once a language was chosen it simply goes back.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, Icon, LanguagePicker, rememberLanguage, RouteErrorBoundary } from "~/pageKit";
import { json, redirect, chooseLanguage, languagePageData } from "~/routeKit.server";

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

const FORM_ID = "language-form";

export default function LanguageRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const redirectTo = result?.redirectTo ?? data.redirectTo;
  return (
    <>
      <header className="language-page__header">
        {data.chosen ? (
          <Link to={redirectTo} className="language-page__back" aria-label={t("nav.back")}>
            <Icon name="back" className="icon--back" />
          </Link>
        ) : (
          <button
            type="submit"
            form={FORM_ID}
            name="lng"
            value={data.current}
            className="language-page__back"
            aria-label={t("nav.back")}
            onClick={() => rememberLanguage(data.current)}
          >
            <Icon name="back" className="icon--back" />
          </button>
        )}
        <h1 className="language-page__title">{t("titles.language")}</h1>
      </header>
      <LanguagePicker
        current={data.current}
        options={data.options}
        redirectTo={redirectTo}
        error={result?.error}
        formId={FORM_ID}
      />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
