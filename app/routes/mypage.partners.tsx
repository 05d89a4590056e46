/**
 * Partner access (single sign-on, docs/decisions/0069): the partner services the
 * member let sign them in, what each receives, and ending one's access (its
 * consent and every token it holds), asked first: the message box with JavaScript, a confirm page without
 * (decision 0095). Works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { Confirmation, featureStyles, formatDate, RouteErrorBoundary, SentenceWithValues } from "~/pageKit";
import { ConfirmForm, ConfirmPage } from "~/kits/editing";
import { connectedPartners, isConfirmed, json, readForm, requireMember, revokePartner } from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.mypage],
  i18n: ["sso"],
  layout: "default",
  title: "titles.partners",
  tab: "mypage",
  back: "/mypage",
  personal: true,
  maxBody: 1024,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context.services);
  return json({ partners: await connectedPartners(context.services, member.uid) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = await requireMember(request, context.services);
  const form = await readForm(request);
  const clientId = String(form.get("clientId") ?? "").slice(0, 100);
  const partner = (await connectedPartners(context.services, member.uid)).find((p) => p.clientId === clientId);
  // Without JavaScript: the confirm page first; nothing changes until it is answered.
  if (partner && !isConfirmed(form)) return json({ confirm: { clientId, name: partner.name }, at: Date.now() });
  const revoked = partner ? await revokePartner(context.services, member.uid, clientId) : false;
  return json({ revoked: revoked ? partner!.name : null, at: Date.now() }, { status: revoked ? 200 : 400 });
}

export default function PartnersRoute() {
  const { t } = useTranslation("sso");
  const { partners } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const question = (name: string) => ({
    title: t("partners.revokeTitle", { partner: name }),
    message: t("partners.revokeMessage", { partner: name }),
    confirm: t("partners.revoke"),
  });
  if (answer && "confirm" in answer) {
    return (
      <ConfirmPage
        question={question(answer.confirm.name)}
        fields={{ clientId: answer.confirm.clientId }}
        cancelTo="/mypage/partners"
      />
    );
  }
  return (
    <div className="settings">
      {answer ? (
        <Confirmation answer={answer} className={answer.revoked ? "notice notice--success" : "notice notice--error"}>
          <p>
            {answer.revoked ? (
              <SentenceWithValues sentence={(v) => t("partners.revoked", v)} words={{ partner: answer.revoked }} />
            ) : (
              t("partners.gone")
            )}
          </p>
        </Confirmation>
      ) : null}
      <p className="field__hint">{t("partners.intro")}</p>
      {partners.length === 0 ? (
        <p className="muted">{t("partners.none")}</p>
      ) : (
        <ul className="settings-list">
          {partners.map((partner) => (
            <li key={partner.clientId} className="settings-row settings-row--static sso-partner">
              <span className="settings-row__label">
                <bdi>{partner.name}</bdi>
              </span>
              <span className="settings-facts__sub">
                <SentenceWithValues
                  sentence={(v) => t("partners.receives", v)}
                  words={{ list: ["sub", ...partner.claims].map((c) => t(`claims.${c}`)).join(", ") }}
                />
              </span>
              <span className="settings-facts__sub">
                <SentenceWithValues
                  sentence={(v) => t("partners.since", v)}
                  values={{ date: formatDate(new Date(partner.since)) }}
                />
              </span>
              <ConfirmForm question={question(partner.name)}>
                <input type="hidden" name="clientId" value={partner.clientId} />
                <button type="submit" className="button button--secondary">
                  {t("partners.revoke")}
                </button>
              </ConfirmForm>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
