import { useTranslation } from "~/i18n/useTranslation";

/** Where a join stands, the same in both joins: "Step 2 of 4" over a bar (the words say it; the bar is for the eye). */
export function SignupStep({ current, total }: { current: number; total: number }) {
  const { t } = useTranslation("signup");
  return (
    <p className="signup-step">
      {t("signup.step", { current, total })}
      <progress max={total} value={current} aria-hidden="true" />
    </p>
  );
}
