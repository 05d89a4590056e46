/** The end of both sign-up flows: a welcome, and where to go next. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function SignUpComplete({ name, signedIn }: { name: string; signedIn: boolean }) {
  const { t } = useTranslation("signup");
  return (
    <section className="start" aria-labelledby="complete-heading">
      <h2 id="complete-heading" className="start__heading">
        {name ? t("signup.complete.heading", { name }) : t("titles.signUpComplete")}
      </h2>
      <p className="start__intro" role="status">
        {signedIn ? t("signup.complete.body") : t("signup.complete.signInLater")}
      </p>
      <div className="start__actions">
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
