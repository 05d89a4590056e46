/**
 * Single sign-on's interaction page (docs/decisions/0069): the OpenID provider at
 * /sso/authorize sends the member here; a visitor goes through the sign-in doors
 * and comes back; a member signed in goes on to the partner, or first sees what
 * the partner will receive and agrees or not. Works without JavaScript.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useLocation, useActionData, useNavigationType } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { Branded, featureStyles, RouteErrorBoundary, SentenceWithValues } from "~/pageKit";
import {
  answerSsoConsent,
  json,
  readForm,
  ssoInteraction,
  ssoPageHeaders,
  type SsoInteractionView,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.mypage],
  i18n: ["sso"],
  layout: "blank",
  title: "titles.sso",
  personal: true,
  maxBody: 2048,
};

function answer(view: SsoInteractionView, context: LoaderFunctionArgs["context"]) {
  return json(
    { view },
    {
      status: view.kind === "problem" ? 400 : 200,
      headers: ssoPageHeaders(context.cspNonce, view, context.services.config.mode === "hosted"),
    },
  );
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return answer(await ssoInteraction(request, context, params.uid ?? ""), context);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  // A body that is not a form (refused by the browser never, by a script maybe) is an empty answer: a refusal.
  const form = await readForm(request);
  const result = await answerSsoConsent(request, context, params.uid ?? "", form);
  return result instanceof Response ? result : answer(result, context);
}

// The page's own policy (no third parties, its form-action, no referrer) replaces the app's.
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Content-Security-Policy") ? actionHeaders : loaderHeaders;

// After signing in, the page goes on to the provider by itself: a navigation, not a redirect after the sign-in form.
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.view.kind === "continue" ? [{ httpEquiv: "refresh", content: `0;url=${data.view.to}` }] : [];

function Problem({ problem }: { problem: "expired" | "unknownPartner" }) {
  const { t } = useTranslation("sso");
  return (
    <div className="notice notice--error" role="alert">
      <p>{t(problem === "expired" ? "failure.expired" : "failure.unknownPartner")}</p>
      <p>{t("failure.whatToDo")}</p>
    </div>
  );
}

/** The partner's page, as a link that opens it beside the consent (the request waits here). */
function PartnerLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" dir="auto">
      {children}
    </a>
  );
}

/** The app's name kept on one line ("K-" and "Life" never apart). */
const brand = (part: string) => <Branded>{part}</Branded>;

function Retention({ partner }: { partner: ConsentView["partner"] }) {
  const { t } = useTranslation("sso");
  const words = { partner: partner.name };
  if (!partner.retention) {
    return <SentenceWithValues sentence={(v) => t("consent.retentionUnknown", v)} text={brand} words={words} />;
  }
  if (partner.retention.months === 0) {
    return <SentenceWithValues sentence={(v) => t("consent.retentionUntilEnd", v)} text={brand} words={words} />;
  }
  const { period } = partner.retention as { period: string };
  return (
    <SentenceWithValues
      sentence={(v) => t("consent.retentionAfterEnd", v)}
      text={brand}
      words={words}
      values={{ period }}
    />
  );
}

type ConsentView = Extract<SsoInteractionView, { kind: "consent" }>;

function Consent({ view }: { view: ConsentView }) {
  const { t } = useTranslation("sso");
  const { partner, member } = view;
  const words = { partner: partner.name };
  const optional = view.items.some((item) => !item.required);
  return (
    <>
      <p>
        <SentenceWithValues sentence={(v) => t("consent.intro", v)} text={brand} words={words} />
      </p>
      {/* "Not you?": signed out here and at the provider, back through the doors to this request. */}
      <Form method="post" reloadDocument className="sso-consent__member">
        <p>
          <span>
            {member.phone ? (
              <SentenceWithValues
                sentence={(v) => t("consent.signedInAs", v)}
                words={{ name: member.name }}
                values={{ phone: member.phone }}
              />
            ) : (
              <SentenceWithValues sentence={(v) => t("consent.signedInAsName", v)} words={{ name: member.name }} />
            )}
          </span>{" "}
          <button type="submit" name="decision" value="switch" className="link-button">
            {t("consent.notYou")}
          </button>
        </p>
      </Form>
      <Form method="post" reloadDocument className="form sso-consent">
        <h2 className="sso-consent__heading">{t("consent.recipient")}</h2>
        <dl className="sso-consent__partner">
          <dt>{t("consent.partnerName")}</dt>
          <dd dir="auto">{partner.name}</dd>
          <dt>{t("consent.website")}</dt>
          <dd>
            {partner.website ? (
              <PartnerLink href={partner.website}>{new URL(partner.website).host}</PartnerLink>
            ) : (
              t("consent.notGiven")
            )}
          </dd>
          <dt>{t("consent.privacy")}</dt>
          <dd>
            {partner.privacyUrl ? (
              <PartnerLink href={partner.privacyUrl}>
                <SentenceWithValues sentence={(v) => t("consent.privacyLink", v)} words={words} />
              </PartnerLink>
            ) : (
              t("consent.notGiven")
            )}
          </dd>
        </dl>
        <h2 className="sso-consent__heading">{t("consent.items")}</h2>
        <ul className="settings-list sso-consent__items">
          {view.items.map((item) => {
            const label = (
              <span className="sso-consent__item">
                <span className="sso-consent__tag" data-required={item.required}>
                  {t(item.required ? "consent.required" : "consent.optional")}
                </span>{" "}
                <span className="sso-consent__what">
                  {t(`consent.${item.set === "sub" ? "identifier" : item.set === "profile" ? "name" : item.set}`)}
                </span>
                <span className="sso-consent__purpose">
                  <SentenceWithValues sentence={(v) => t(`consent.purpose.${item.set}`, v)} words={words} />
                </span>
              </span>
            );
            return (
              <li key={item.set} className="settings-row settings-row--static" data-claim={item.set}>
                {item.required ? (
                  label
                ) : (
                  <label className="choice">
                    <input type="checkbox" name="share" value={item.set} defaultChecked />
                    {label}
                  </label>
                )}
              </li>
            );
          })}
        </ul>
        <dl className="sso-consent__terms">
          <dt>{t("consent.retention")}</dt>
          <dd>
            <Retention partner={partner} />
          </dd>
          <dt>{t("consent.refuse")}</dt>
          <dd>
            <SentenceWithValues sentence={(v) => t("consent.refuseText", v)} text={brand} words={words} />
          </dd>
        </dl>
        <p className="field__hint">
          <SentenceWithValues sentence={(v) => t("consent.only", v)} words={words} />
          {optional ? ` ${t("consent.onlyTicked")}` : null}
        </p>
        <p className="field__hint">{t("consent.withdraw")}</p>
        <button type="submit" name="decision" value="allow" className="button button--primary button--block">
          {t("consent.allow")}
        </button>
        <button type="submit" name="decision" value="deny" className="button button--secondary button--block">
          {t("consent.deny")}
        </button>
      </Form>
    </>
  );
}

export default function SsoConsentRoute() {
  const { t } = useTranslation("sso");
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const view = (acted && "view" in acted ? acted.view : loaded.view) as SsoInteractionView;
  const location = useLocation();
  // The consent screen reached by a navigation inside the app (after a sign-in form, with JavaScript): loaded again
  // as a document, so that its own policy, not the previous page's, applies to the consent form. ("Continue" goes on
  // by its meta refresh, a document navigation already.)
  const navigationType = useNavigationType();
  const reload = view.kind === "consent" && navigationType !== "POP";
  useEffect(() => {
    if (reload) window.location.replace(`${location.pathname}${location.search}`);
  }, [reload, location]);
  return (
    <div className="settings">
      <h1 className="settings-section">{t("heading")}</h1>
      {view.kind === "problem" ? <Problem problem={view.problem} /> : null}
      {view.kind === "consent" ? <Consent view={view} /> : null}
      {view.kind === "continue" ? (
        <p>
          <SentenceWithValues sentence={(v) => t("continue.text", v)} words={{ partner: view.partner }} />{" "}
          <a href={view.to}>{t("continue.link")}</a>
        </p>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
