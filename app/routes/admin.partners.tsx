/**
 * Single sign-on's partners (docs/decisions/0069): every registered partner with
 * its return addresses, what it may receive, how its ID tokens are signed and
 * whether it was let off PKCE (decision 0081), and disabling one (it can no
 * longer sign members in; every token it holds stops working). Registering is
 * the CLI's (npm run sso:client): its secret is shown once, to whoever runs it.
 * Every change is in the audit log. A plain form: it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { Confirmation, RouteErrorBoundary, SentenceWithValues } from "~/pageKit";
import { adminPartners, disablePartner, json, readForm, recordAudit, requireAdmin } from "~/routeKit.server";

export const handle: PageHandle = {
  i18n: ["sso"],
  title: "titles.adminPartners",
  back: "/admin",
  secret: true,
  maxBody: 1024,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.services);
  return json({ partners: await adminPartners(context.services) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const form = await readForm(request);
  const clientId = String(form.get("clientId") ?? "").slice(0, 100);
  const partner = (await adminPartners(context.services)).find((p) => p.clientId === clientId && !p.disabled);
  if (!partner || !(await disablePartner(context.services, clientId))) {
    return json({ disabled: null, at: Date.now() }, { status: 400 });
  }
  await recordAudit(context.services.stores, {
    actor: admin.actor,
    action: "disable",
    target: { kind: "ssoClient", id: clientId },
    summary: partner.name.slice(0, 200),
    at: Date.now(),
  });
  return json({ disabled: partner.name, at: Date.now() });
}

export default function AdminPartnersRoute() {
  const { t } = useTranslation("sso");
  const { partners } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="admin">
      {answer ? (
        <Confirmation answer={answer} className={answer.disabled ? "notice notice--success" : "notice notice--error"}>
          <p>
            {answer.disabled ? (
              <SentenceWithValues sentence={(v) => t("partnerAdmin.done", v)} words={{ partner: answer.disabled }} />
            ) : (
              t("partnerAdmin.gone")
            )}
          </p>
        </Confirmation>
      ) : null}
      <p className="field__hint">{t("partnerAdmin.intro")}</p>
      {partners.length === 0 ? <p className="muted">{t("partnerAdmin.none")}</p> : null}
      {partners.map((partner) => (
        <section key={partner.clientId} className="admin-item" aria-label={partner.name}>
          <h2>
            <bdi>{partner.name}</bdi>
            {partner.disabled ? <span className="muted"> · {t("partnerAdmin.disabled")}</span> : null}
          </h2>
          <dl>
            <dt>{t("partnerAdmin.clientId")}</dt>
            <dd>
              <bdi dir="ltr">{partner.clientId}</bdi>
            </dd>
            <dt>{t("partnerAdmin.redirectUris")}</dt>
            {partner.redirectUris.map((uri) => (
              <dd key={uri}>
                <bdi dir="ltr">{uri}</bdi>
              </dd>
            ))}
            <dt>{t("partnerAdmin.claims")}</dt>
            <dd>{["sub", ...partner.claims].map((c) => t(`claims.${c}`)).join(", ")}</dd>
            <dt>{t("partnerAdmin.idTokenAlg")}</dt>
            <dd>
              <bdi dir="ltr">{partner.idTokenAlg}</bdi>
            </dd>
            <dt>{t("partnerAdmin.pkce")}</dt>
            <dd data-pkce={partner.allowNoPkce ? "not-required" : "required"}>
              {partner.allowNoPkce ? t("partnerAdmin.pkceNotRequired") : t("partnerAdmin.pkceRequired")}
            </dd>
          </dl>
          {partner.disabled ? null : (
            <Form method="post">
              <input type="hidden" name="clientId" value={partner.clientId} />
              <button type="submit" className="button button--secondary">
                {t("partnerAdmin.disable")}
              </button>
            </Form>
          )}
        </section>
      ))}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
