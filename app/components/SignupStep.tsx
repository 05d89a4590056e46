import { useTranslation } from "~/i18n/useTranslation";
import { SentenceWithValues } from "./SentenceWithLtr";

/** Where a join stands, the same in both joins: "Step 2 of 4" over a bar (the words say it; the bar is for the eye). */
export function SignupStep({ current, total }: { current: number; total: number }) {
  const { t } = useTranslation("signup");
  return (
    <p className="signup-step">
      <span>
        <SentenceWithValues sentence={(v) => t("signup.step", v)} values={{ current, total }} />
      </span>
      <progress max={total} value={current} aria-hidden="true" />
    </p>
  );
}
