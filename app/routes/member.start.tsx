import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PageHandle } from "~/lib/page";
import { Branded, featureStyles, RouteErrorBoundary } from "~/pageKit";
import { json, googleConfigured, signInDestination } from "~/routeKit.server";

/** The start screen: the ways in (phone, ID, and Google when configured) and the ways to join. */
export const handle: PageHandle = {
  styles: [featureStyles.forms],
  i18n: ["auth"],
  layout: "default",
  title: "titles.start",
  back: "/",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const google = new URL(request.url).searchParams.get("google");
  return json({
    redirectTo: await signInDestination(request, context.services),
    google: googleConfigured(context.services.config),
    googleFailed: google === "failed",
  });
}

export default function StartRoute() {
  const { t } = useTranslation("auth");
  const { redirectTo, google, googleFailed } = useLoaderData<typeof loader>();
  const back = `?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <section className="start" aria-labelledby="start-heading">
      <h2 id="start-heading" className="start__heading">
        {t("member.start.heading")}
      </h2>
      <p className="start__intro">{t("member.start.intro")}</p>
      {googleFailed ? (
        <p className="form-error" role="alert">
          {t("errors.form.googleFailed")}
        </p>
      ) : null}
      <div className="start__actions">
        <Link className="button button--primary" to={`/login/login${back}`}>
          {t("member.start.withPhone")}
        </Link>
        <Link className="button button--secondary" to={`/member/startId${back}`}>
          {t("member.start.withId")}
        </Link>
        {google ? (
          <Form method="post" action="/member/google">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button type="submit" className="button button--secondary button--block">
              {t("member.start.withGoogle")}
            </button>
          </Form>
        ) : null}
      </div>
      <p className="start__join">
        <Branded>{t("member.start.newHere")}</Branded> <Link to="/member/agree">{t("member.start.join")}</Link>
        {" · "}
        <Link to="/sign">{t("member.start.joinWithPhone")}</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
