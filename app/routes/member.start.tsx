import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { signInDestination } from "~/auth/session.server";
import { RouteErrorBoundary } from "~/components/ErrorView";
import type { PageHandle } from "~/lib/page";

/** The start screen: the ways in (phone, ID) and the way to join. Google joins them in issue 3. */
export const handle: PageHandle = { layout: "default", title: "titles.start", back: "/" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json({ redirectTo: await signInDestination(request, context.services) });
}

export default function StartRoute() {
  const { t } = useTranslation();
  const { redirectTo } = useLoaderData<typeof loader>();
  const back = `?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <section className="start" aria-labelledby="start-heading">
      <h2 id="start-heading" className="start__heading">
        {t("member.start.heading")}
      </h2>
      <p className="start__intro">{t("member.start.intro")}</p>
      <div className="start__actions">
        <Link className="button button--primary" to={`/login/login${back}`}>
          {t("member.start.withPhone")}
        </Link>
        <Link className="button button--secondary" to={`/member/startId${back}`}>
          {t("member.start.withId")}
        </Link>
      </div>
      <p className="start__join">
        {t("member.start.newHere")} <Link to="/member/agree">{t("member.start.join")}</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
