/** The end of both sign-up flows: a welcome, and where to go next. */
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import { Icon } from "./Icon";

/** Where a member stores their visa expiry date (my page). */
const VISA_SETTINGS = "/mypage/visa";

export function SignUpComplete({
  name,
  signedIn,
  hasVisaExpiry,
  level = 2,
  visaHref,
}: {
  name: string;
  signedIn: boolean;
  hasVisaExpiry: boolean;
  /** The welcome's heading level: 1 where the layout has no header holding the page's <h1>. */
  level?: 1 | 2;
  /** The finder's page of the member's own visa. */
  visaHref: string | null;
}) {
  const { t } = useTranslation("signup");
  const Heading = level === 1 ? "h1" : "h2";
  const Subheading = level === 1 ? "h2" : "h3";
  return (
    <section className="start done" aria-labelledby="complete-heading">
      <Icon name="check" className="done__mark" />
      <Heading id="complete-heading" className="start__heading">
        {name ? t("signup.complete.heading", { name }) : t("titles.signUpComplete")}
      </Heading>
      <p className="start__intro" role="status">
        {signedIn ? t("signup.complete.body") : t("signup.complete.signInLater")}
      </p>
      {signedIn ? (
        <section className="next-steps" aria-labelledby="next-steps-heading">
          <Subheading id="next-steps-heading" className="next-steps__heading">
            {t("signup.complete.next")}
          </Subheading>
          <ul className="next-steps__list">
            {hasVisaExpiry ? null : (
              <li>
                <Link to={VISA_SETTINGS} className="next-steps__item">
                  {t("signup.complete.addExpiry")}
                  <Icon name="chevron" className="icon--chevron" />
                </Link>
              </li>
            )}
            <li>
              <Link to={visaHref ?? "/member/findVisa"} className="next-steps__item">
                {t("signup.complete.exploreFinder")}
                <Icon name="chevron" className="icon--chevron" />
              </Link>
            </li>
          </ul>
        </section>
      ) : null}
      <div className="start__actions done__actions">
        {signedIn ? (
          <Link className="button button--primary" to="/">
            {t("signup.complete.home")}
          </Link>
        ) : (
          <Link className="button button--primary" to="/member/start">
            {t("signup.complete.signIn")}
          </Link>
        )}
      </div>
    </section>
  );
}
