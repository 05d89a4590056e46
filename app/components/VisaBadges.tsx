import { useTranslation } from "~/i18n/useTranslation";
import { safeRedirectWith } from "~/lib/safeRedirect";
import type { WorkRule } from "~/visa/catalogue";

/** Whether a status allows work, as a short label. */
export function WorkBadge({ work }: { work: WorkRule }) {
  const { t } = useTranslation("visaFinder");
  return <span className={`work-badge work-badge--${work}`}>{t(`visaFinder.work.${work}`)}</span>;
}

/** A link that returns a chosen visa to the page that asked for it (`returnTo?visa=CODE`). */
export function choiceHref(returnTo: string, visa: string): string {
  return safeRedirectWith(returnTo, { visa });
}
