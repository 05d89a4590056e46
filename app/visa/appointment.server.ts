/**
 * A member's one upcoming appointment at an immigration office (issue 43, /mypage/visa/appointment): the form's
 * schema (an office of the list, a date and a time in Seoul, not past, in office hours), saving and deleting it, and
 * the view the page, home and my visa show. The appointment reminders follow it (reminderJob.server.ts for the
 * inbox, reminderDelivery.server.ts for push and text messages).
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Services } from "~/context";
import {
  appointmentInstant,
  IMMIGRATION_OFFICES_SOURCE,
  immigrationOffices,
  inOfficeHours,
  minutesOf,
  officeById,
  OFFICE_HOURS,
  seoulDateTime,
} from "./immigrationOffices";

/** The form: `save` (office, date, time) or `delete`. Each field is judged by itself, with the message it earns. */
export function appointmentSchema(now: number) {
  const text = (max: number) => z.string().trim().max(max).optional().default("");
  return z
    .object({
      intent: z.enum(["save", "delete"]).default("save"),
      office: text(40),
      date: text(10),
      time: text(5),
    })
    .superRefine((value, ctx) => {
      if (value.intent !== "save") return;
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      if (!officeById(value.office)) issue("office", "errors.form.appointmentOffice");
      const minutes = minutesOf(value.time);
      const at = appointmentInstant(value.date, value.time || "12:00");
      if (at === null) issue("date", "errors.form.appointmentDate");
      if (minutes === null) issue("time", "errors.form.appointmentTime");
      else if (!inOfficeHours(minutes)) issue("time", "errors.form.appointmentHours");
      if (at !== null && minutes !== null && at <= now) issue("date", "errors.form.appointmentPast");
    });
}

export type AppointmentFields = z.input<ReturnType<typeof appointmentSchema>>;

export interface AppointmentView {
  office: { id: string; ko: string; en: string } | null;
  date: string;
  time: string;
}

/** The member's appointment as the pages show it; null when none is stored or it has begun. */
export async function appointmentView(
  services: Pick<Services, "stores">,
  uid: string,
  now = Date.now(),
): Promise<AppointmentView | null> {
  const stored = await services.stores.reminders.appointment(uid);
  if (!stored || stored.startsAt <= now) return null;
  const office = officeById(stored.office);
  return { office: office ? { id: office.id, ko: office.ko, en: office.en } : null, ...seoulDateTime(stored.startsAt) };
}

/** Keeps the appointment (a new id: reminders of a time before it are never sent for this one). */
export async function saveAppointment(
  services: Pick<Services, "stores">,
  uid: string,
  value: { office: string; date: string; time: string },
  now = Date.now(),
) {
  const startsAt = appointmentInstant(value.date, value.time) as number;
  return services.stores.reminders.setAppointment(uid, {
    id: randomUUID(),
    office: value.office,
    startsAt,
    savedAt: now,
  });
}

export async function deleteAppointment(services: Pick<Services, "stores">, uid: string) {
  return services.stores.reminders.deleteAppointment(uid);
}

/** The office list for the form's select, with its source. */
export const appointmentOffices = () => ({
  offices: immigrationOffices.map((o) => ({ id: o.id, ko: o.ko, en: o.en })),
  source: IMMIGRATION_OFFICES_SOURCE,
  hours: OFFICE_HOURS,
});
