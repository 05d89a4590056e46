/**
 * The line a sign-in door or the sign-up shows a visitor a partner sent (single sign-on, decision 0094):
 * "Sign in to continue to {partner}", so the visitor knows where signing in leads. Nothing when no partner waits.
 */
import { useTranslation } from "~/i18n/useTranslation";
import { SentenceWithValues } from "./SentenceWithLtr";

export function PartnerDoor({ partner, join = false }: { partner: string | null; join?: boolean }) {
  const { t } = useTranslation();
  if (!partner) return null;
  return (
    <p className="notice" role="status" data-partner-door="">
      <SentenceWithValues
        sentence={(v) => t(join ? "partnerDoor.join" : "partnerDoor.signIn", v)}
        words={{ partner }}
      />
    </p>
  );
}
