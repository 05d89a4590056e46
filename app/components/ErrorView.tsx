/**
 * The one error component every route boundary renders (spec §2, §8): the status
 * code (500 when unknown) and its description; 404 and other errors have their own
 * views. Routes may pass handlers for statuses they explain better themselves.
 * Stack traces are shown in development only.
 */
import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import { reloadForChunkError } from "~/lib/chunkReload";
import type { loader as rootLoader } from "~/root";
import { SentenceWithLtr } from "./SentenceWithLtr";

export type StatusHandlers = Partial<Record<number, (error: unknown) => ReactNode>>;

interface ErrorFacts {
  status: number;
  statusText: string;
  path: string | null;
}

function factsOf(error: unknown): ErrorFacts {
  if (isRouteErrorResponse(error)) {
    const data = error.data as { path?: unknown } | null;
    return {
      status: error.status,
      statusText: error.statusText,
      path: data && typeof data === "object" && typeof data.path === "string" ? data.path : null,
    };
  }
  return { status: 500, statusText: "", path: null };
}

/** The spec's "Page not found: {path}", with the path isolated left-to-right inside right-to-left text. */
function NotFoundPath({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <p className="error-view__detail error-view__path">
      <SentenceWithLtr sentence={(slot) => t("errors.notFoundPath", { path: slot })} value={path} />
    </p>
  );
}

/**
 * Ways on from a page that is not there: home, the visa finder, and signing in for
 * a visitor. They are full page loads, which start from a clean slate after an error.
 */
function WaysOn() {
  const { t } = useTranslation();
  const member = useRouteLoaderData<typeof rootLoader>("root")?.member;
  const ways = [
    { to: "/", label: t("errors.goHome"), kind: "primary" },
    { to: "/member/findVisa", label: t("nav.findVisa"), kind: "secondary" },
    ...(member ? [] : [{ to: "/member/start", label: t("nav.signInOrJoin"), kind: "secondary" }]),
  ];
  return (
    <div className="ways-on">
      {ways.map(({ to, label, kind }) => (
        <a key={to} className={`button button--${kind} button--block`} href={to}>
          {label}
        </a>
      ))}
    </div>
  );
}

function NotFoundView({ path }: { path: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="error-view error-view--404" aria-labelledby="error-title">
      <div className="error-view__code">404</div>
      <h2 id="error-title" className="error-view__title">
        {t("errors.notFoundTitle")}
      </h2>
      {path ? <NotFoundPath path={path} /> : null}
      <p className="error-view__detail">{t("errors.notFoundExplain")}</p>
      <WaysOn />
    </section>
  );
}

function ServerErrorView({ status, statusText, error }: { status: number; statusText: string; error: unknown }) {
  const { t } = useTranslation();
  // The root loader says whether this is a development build; production never shows a stack.
  const development = useRouteLoaderData<typeof rootLoader>("root")?.development === true;
  const stack = development && error instanceof Error ? error.stack : null;
  return (
    <section className="error-view error-view--500" aria-labelledby="error-title">
      <div className="error-view__code">{status}</div>
      <h2 id="error-title" className="error-view__title">
        {statusText || t("errors.internalServerError")}
      </h2>
      <p className="error-view__detail">{t("errors.tryAgainLater")}</p>
      {stack ? <pre className="error-view__stack">{stack}</pre> : null}
      {/* A full page load: after an error, home starts from a clean slate. */}
      <a className="button button--primary" href="/">
        {t("errors.goHome")}
      </a>
    </section>
  );
}

export function ErrorView({ handlers }: { handlers?: StatusHandlers }) {
  const error = useRouteError();
  const facts = factsOf(error);

  useEffect(() => {
    reloadForChunkError(error, {
      storage: window.sessionStorage,
      now: Date.now(),
      reload: () => window.location.reload(),
    });
  }, [error]);

  const custom = handlers?.[facts.status]?.(error);
  if (custom) return <>{custom}</>;
  if (facts.status === 404) return <NotFoundView path={facts.path} />;
  return <ServerErrorView status={facts.status} statusText={facts.statusText} error={error} />;
}

/** The ErrorBoundary export of a route that needs no special status handling. */
export function RouteErrorBoundary() {
  return <ErrorView />;
}
