/**
 * Every layout's footer: what the service is, its terms and privacy policy, who
 * runs it (operator, business registration number, how to reach support and
 * when), as a Korean online service must show them; and sign-out for members
 * (except on my page, which has its own: it appears once).
 * The operator's details come from configuration; where they are not set (local
 * mode) the footer says so rather than invent them.
 */
import { Form, Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { loader as rootLoader } from "~/root";
import { usePage } from "~/lib/page";
import { Branded } from "../Branded";
import { SentenceWithValues } from "../SentenceWithLtr";

export function Footer() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const page = usePage();
  const operator = root?.client.operator;
  const notSet = <span className="muted">{t("footer.notSet")}</span>;
  return (
    <footer className="app-footer">
      {/* The service's name, not a heading: a <div>, so it is not taken for one (axe's p-as-heading). */}
      <div className="app-footer__brand">
        <span className="brand">{t("app.name")}</span>
      </div>
      <p>{t("footer.about")}</p>
      <nav aria-label={t("footer.legal")}>
        <p className="app-footer__links">
          <Link to="/member/terms#service">{t("footer.terms")}</Link>
          <Link to="/member/terms#privacyPolicy">{t("footer.privacy")}</Link>
        </p>
      </nav>
      <dl>
        <dt>{t("footer.operator")}</dt>
        <dd>{operator?.name ?? notSet}</dd>
        <dt>{t("footer.registrationNo")}</dt>
        <dd>{operator?.registrationNo ? <bdi dir="ltr">{operator.registrationNo}</bdi> : notSet}</dd>
        <dt>{t("footer.support")}</dt>
        <dd>
          {operator?.supportEmail ? (
            <a href={`mailto:${operator.supportEmail}`} dir="ltr">
              {operator.supportEmail}
            </a>
          ) : (
            notSet
          )}
          {operator?.supportHours ? (
            <>
              <br />
              <SentenceWithValues
                sentence={(v) => t("footer.hours", v)}
                values={{ from: operator.supportHours.from, to: operator.supportHours.to }}
              />
            </>
          ) : null}
        </dd>
      </dl>
      {root?.member && !page.ownSignOut ? (
        <Form method="post" action="/member/signOut" className="app-footer__signout">
          <button type="submit" className="link-button">
            {t("nav.signOut")}
          </button>
        </Form>
      ) : null}
      <p>
        {root?.year ? (
          <SentenceWithValues
            sentence={(v) => t("footer.copyright", v)}
            values={{ year: root.year }}
            text={(part) => <Branded>{part}</Branded>}
          />
        ) : null}
      </p>
    </footer>
  );
}
