import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { AppointmentView } from "~/visa/appointment.server";
import { Ltr, SentenceWithValues } from "./SentenceWithLtr";

/** Where the member stores, changes and deletes it. */
const APPOINTMENT_PAGE = "/mypage/visa/appointment";

/**
 * The member's upcoming appointment at an immigration office (issue 43): the office in Korean (as it reads at the
 * door) with its romanisation, the day and the time, and the link to change it. `compact`: one line (my visa).
 */
export function AppointmentCard({ appointment, compact }: { appointment: AppointmentView | null; compact?: boolean }) {
  const { t } = useTranslation("common");
  if (!appointment) {
    return compact ? (
      <p className="appointment-line">
        <Link to={APPOINTMENT_PAGE}>{t("appointmentCard.add")}</Link>
      </p>
    ) : null;
  }
  const when = (
    <SentenceWithValues
      sentence={(v) => t("appointmentCard.when", v)}
      values={{ date: appointment.date, time: appointment.time }}
    />
  );
  if (compact) {
    return (
      <p className="appointment-line">
        {when}{" "}
        <Link to={APPOINTMENT_PAGE} aria-label={t("appointmentCard.change")}>
          {t("appointmentCard.change")}
        </Link>
      </p>
    );
  }
  return (
    <section className="settings-card appointment-card" aria-labelledby="appointment-card-title">
      <h2 id="appointment-card-title" className="settings-section">
        {t("appointmentCard.title")}
      </h2>
      {appointment.office ? (
        <p className="settings-card__name">
          <span lang="ko">{appointment.office.ko}</span>{" "}
          <span className="appointment-card__en">
            <Ltr>{`(${appointment.office.en})`}</Ltr>
          </span>
        </p>
      ) : null}
      <p>{when}</p>
      <Link to={APPOINTMENT_PAGE}>{t("appointmentCard.change")}</Link>
    </section>
  );
}
