/** Visa expiry reminders as dates: the milestones, month clamping, Seoul's date, what is due and what is next. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stayOutlook } from "~/visa/stay";
import {
  duePassportReminder,
  dueReminder,
  nextReminder,
  passportReminderDates,
  reminderDates,
  reminderMilestones,
  seoulDate,
} from "~/visa/reminders";

describe("reminderDates", () => {
  it("gives the window opening (4 months), one month, one week and the expiry day", () => {
    expect(reminderDates("2027-09-15")).toEqual({
      windowOpens: "2027-05-15",
      oneMonth: "2027-08-15",
      oneWeek: "2027-09-08",
      expiryDay: "2027-09-15",
    });
  });

  it("clamps to the end of a shorter month", () => {
    // 4 months before 30 June is 30 February, which does not exist: the 28th.
    expect(reminderDates("2027-06-30")?.windowOpens).toBe("2027-02-28");
    expect(reminderDates("2028-06-30")?.windowOpens).toBe("2028-02-29");
    expect(reminderDates("2027-07-31")?.windowOpens).toBe("2027-03-31");
    expect(reminderDates("2027-08-31")?.windowOpens).toBe("2027-04-30");
    expect(reminderDates("2027-03-31")?.oneMonth).toBe("2027-02-28");
    expect(reminderDates("2028-03-31")?.oneMonth).toBe("2028-02-29");
    expect(reminderDates("2027-05-31")?.oneMonth).toBe("2027-04-30");
  });

  it("crosses year ends", () => {
    expect(reminderDates("2027-02-03")).toEqual({
      windowOpens: "2026-10-03",
      oneMonth: "2027-01-03",
      oneWeek: "2027-01-27",
      expiryDay: "2027-02-03",
    });
    expect(reminderDates("2028-01-05")?.oneWeek).toBe("2027-12-29");
    expect(reminderDates("2028-03-03")?.oneWeek).toBe("2028-02-25");
  });

  it("is null for what is not a real date", () => {
    for (const bad of ["", "2027-02-30", "2027-13-01", "2027-00-10", "2027-2-3", "27-02-03", "2027-02-03T00:00"]) {
      expect(reminderDates(bad)).toBeNull();
    }
  });

  it("puts the milestones in order and opens the window on the day the stay page shows", () => {
    const day = fc
      .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, (expiresOn) => {
        const dates = reminderDates(expiresOn)!;
        const ordered = reminderMilestones.map((m) => dates[m]);
        expect([...ordered].sort()).toEqual(ordered);
        expect(new Set(ordered).size).toBe(4);
        expect(dates.windowOpens).toBe(stayOutlook(expiresOn, expiresOn)!.extensionFrom);
      }),
    );
  });
});

describe("seoulDate", () => {
  it("is the date in Korea (UTC+9), which turns at 15:00 UTC", () => {
    expect(seoulDate(Date.UTC(2026, 11, 31, 14, 59, 59, 999))).toBe("2026-12-31");
    expect(seoulDate(Date.UTC(2026, 11, 31, 15, 0, 0))).toBe("2027-01-01");
    expect(seoulDate(new Date(Date.UTC(2027, 1, 28, 23, 30)))).toBe("2027-03-01");
    // Midnight UTC is already 09:00 in Seoul: the same date.
    expect(seoulDate(Date.UTC(2027, 5, 30, 0, 0))).toBe("2027-06-30");
    expect(seoulDate(Date.UTC(2027, 5, 29, 23, 59))).toBe("2027-06-30");
  });
});

describe("dueReminder", () => {
  const expiresOn = "2027-06-30"; // windowOpens 2027-02-28, oneMonth 2027-05-30, oneWeek 2027-06-23
  const longAgo = "2026-01-01";

  it("is each milestone on its day, and nothing between them", () => {
    expect(dueReminder(expiresOn, "2027-02-27", longAgo)).toBeNull();
    expect(dueReminder(expiresOn, "2027-02-28", longAgo)).toBe("windowOpens");
    expect(dueReminder(expiresOn, "2027-05-30", longAgo)).toBe("oneMonth");
    expect(dueReminder(expiresOn, "2027-06-23", longAgo)).toBe("oneWeek");
    expect(dueReminder(expiresOn, "2027-06-30", longAgo)).toBe("expiryDay");
  });

  it("after a pause, is only the latest milestone that came due", () => {
    // Days after a milestone it is still the one to make (the store keeps it to once).
    expect(dueReminder(expiresOn, "2027-03-10", longAgo)).toBe("windowOpens");
    expect(dueReminder(expiresOn, "2027-06-25", longAgo)).toBe("oneWeek");
    expect(dueReminder(expiresOn, "2027-06-30", "2027-02-01")).toBe("expiryDay");
  });

  it("never sends a milestone dated before the expiry date was first seen", () => {
    // Entered 20 days before expiry: neither the window nor the month reminder, the week one on its day.
    const entered = "2027-06-10";
    for (const today of ["2027-06-10", "2027-06-15", "2027-06-22"]) {
      expect(dueReminder(expiresOn, today, entered)).toBeNull();
    }
    expect(dueReminder(expiresOn, "2027-06-23", entered)).toBe("oneWeek");
    // Entered on a milestone's day: that day's reminder is sent.
    expect(dueReminder(expiresOn, "2027-05-30", "2027-05-30")).toBe("oneMonth");
    expect(dueReminder(expiresOn, "2027-05-31", "2027-05-31")).toBeNull();
  });

  it("is nothing once the expiry day has passed, before the first sighting, or for dates that are not real", () => {
    expect(dueReminder(expiresOn, "2027-07-01", longAgo)).toBeNull();
    expect(dueReminder(expiresOn, "2028-01-01", longAgo)).toBeNull();
    // The clock went back before the day the date was first seen.
    expect(dueReminder(expiresOn, "2027-02-28", "2027-03-01")).toBeNull();
    expect(dueReminder("2027-02-30", "2027-02-28", longAgo)).toBeNull();
    expect(dueReminder(expiresOn, "2027-02-30", longAgo)).toBeNull();
    expect(dueReminder(expiresOn, "2027-06-30", "yesterday")).toBeNull();
  });
});

describe("nextReminder", () => {
  const expiresOn = "2027-06-30";

  it("is the first milestone after today", () => {
    expect(nextReminder(expiresOn, "2026-12-01")).toEqual({ milestone: "windowOpens", on: "2027-02-28" });
    expect(nextReminder(expiresOn, "2027-02-28")).toEqual({ milestone: "oneMonth", on: "2027-05-30" });
    expect(nextReminder(expiresOn, "2027-06-01")).toEqual({ milestone: "oneWeek", on: "2027-06-23" });
    expect(nextReminder(expiresOn, "2027-06-29")).toEqual({ milestone: "expiryDay", on: "2027-06-30" });
  });

  it("is null on and after the expiry day, and for dates that are not real", () => {
    expect(nextReminder(expiresOn, "2027-06-30")).toBeNull();
    expect(nextReminder(expiresOn, "2027-08-01")).toBeNull();
    expect(nextReminder("2027-06-31", "2027-01-01")).toBeNull();
    expect(nextReminder(expiresOn, "soon")).toBeNull();
  });
});

describe("duePassportReminder", () => {
  it("falls 6 months and 1 month before the passport's expiry, at month ends too", () => {
    expect(passportReminderDates("2028-01-31")).toEqual({ sixMonths: "2027-07-31", oneMonth: "2027-12-31" });
    expect(passportReminderDates("2028-08-31")).toEqual({ sixMonths: "2028-02-29", oneMonth: "2028-07-31" });
    expect(passportReminderDates("2028-02-30")).toBeNull();
  });

  it("is the latest milestone since the date was first seen, none already past then, none after expiry", () => {
    expect(duePassportReminder("2028-01-31", "2027-07-31", "2026-12-01")).toBe("sixMonths");
    expect(duePassportReminder("2028-01-31", "2027-09-01", "2026-12-01")).toBe("sixMonths");
    expect(duePassportReminder("2028-01-31", "2028-01-05", "2026-12-01")).toBe("oneMonth");
    expect(duePassportReminder("2028-01-31", "2027-07-30", "2026-12-01")).toBeNull();
    // Entered after the six-month day: that one is never sent late.
    expect(duePassportReminder("2028-01-31", "2027-08-02", "2027-08-01")).toBeNull();
    expect(duePassportReminder("2028-01-31", "2028-02-01", "2026-12-01")).toBeNull();
  });
});
