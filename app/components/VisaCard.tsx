import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { MemberHome } from "~/members/home.server";
import { Ltr, SentenceWithValues } from "./SentenceWithLtr";

/** Where a member stores their visa and its expiry date (my page, issue 11). */
const VISA_SETTINGS = "/mypage/visa";
/** The immigration service's portal, where most extensions are applied for online (domain-facts §2). */
const HIKOREA = "https://www.hikorea.go.kr";

/**
 * The member's visa on the main page: its status in their language, the expiry
 * date and days left, highlighted while an extension can be applied for, and the
 * next useful step. Everything dated comes from the loader (a render never reads the clock).
 */
export function VisaCard({ visa, stay }: Pick<MemberHome, "visa" | "stay">) {
  const { t } = useTranslation("home");
  const state = stay?.state ?? "unknown";
  return (
    <section className={`visa-card visa-card--${state}`} aria-labelledby="visa-card-title">
      <h2 id="visa-card-title" className="visa-card__title">
        {t("visaCard.title")}
      </h2>
      {visa ? (
        <p className="visa-card__status">
          <Link to={`/member/findVisa/${visa.status}`}>{visa.label}</Link>
        </p>
      ) : null}
      {stay ? (
        <dl className="visa-card__facts">
          <div>
            <dt>{t("visaCard.expiresOn")}</dt>
            <dd>
              <Ltr>{stay.expiresOn}</Ltr>
            </dd>
          </div>
          {stay.daysLeft >= 0 ? (
            <div>
              <dt>{t("visaCard.daysLeft")}</dt>
              <dd className="visa-card__days">
                <Ltr>{stay.daysLeft}</Ltr>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {!visa ? (
        <>
          <p className="visa-card__note">{t("visaCard.noVisa")}</p>
          <Link to={VISA_SETTINGS} className="button button--primary button--block">
            {t("visaCard.addVisa")}
          </Link>
        </>
      ) : !stay ? (
        <>
          <p className="visa-card__note">{t("visaCard.noExpiry")}</p>
          <Link to={VISA_SETTINGS} className="button button--primary button--block">
            {t("visaCard.addExpiry")}
          </Link>
        </>
      ) : stay.state === "upcoming" ? (
        <p className="visa-card__note">
          <SentenceWithValues sentence={(v) => t("visaCard.extensionFrom", v)} values={{ date: stay.extensionFrom }} />
        </p>
      ) : (
        <>
          <p className="visa-card__note" role="status">
            <SentenceWithValues
              sentence={(v) => t(stay.state === "expired" ? "visaCard.expired" : "visaCard.extensionOpen", v)}
              values={{ date: stay.expiresOn }}
            />
          </p>
          {stay.state === "extensionOpen" ? (
            <a href={HIKOREA} className="button button--primary button--block" rel="noopener noreferrer">
              {t("visaCard.applyOnline")}
            </a>
          ) : null}
          <a href="tel:1345" className="button button--secondary button--block">
            {t("visaCard.call1345")}
          </a>
        </>
      )}
      {stay ? <p className="visa-card__source">{t("visaCard.source")}</p> : null}
    </section>
  );
}
