/** When reminders may leave the app (issue 42): each kind's occasions, the quiet hours, staleness. */
import { describe, expect, it } from "vitest";
import {
  afterQuietHours,
  appointmentOccasions,
  deliveryKey,
  dueOccasion,
  isQuietHour,
  passportOccasions,
  seoulInstant,
  visaOccasions,
} from "~/visa/reminderSchedule";

/** The n-th item, which the test knows is there. */
const nth = <T>(list: T[], n: number): T => {
  const item = list[n];
  if (item === undefined) throw new Error(`no item ${n}`);
  return item;
};

/** An instant written as Seoul's wall clock. */
const kst = (text: string) => Date.parse(`${text}+09:00`);
const iso = (at: number) => new Date(at + 9 * 3600_000).toISOString().replace(".000Z", "");

describe("seoulInstant", () => {
  it("is UTC + 9 h, and null for a day that does not exist", () => {
    expect(seoulInstant("2027-01-01", 8)).toBe(Date.parse("2026-12-31T23:00:00Z"));
    expect(seoulInstant("2027-02-30", 8)).toBeNull();
    expect(seoulInstant("27-1-1", 8)).toBeNull();
  });
});

describe("quiet hours", () => {
  it("are 21:00 to 08:00 in Seoul", () => {
    expect(isQuietHour(kst("2027-03-01T20:59:59"))).toBe(false);
    expect(isQuietHour(kst("2027-03-01T21:00:00"))).toBe(true);
    expect(isQuietHour(kst("2027-03-02T07:59:59"))).toBe(true);
    expect(isQuietHour(kst("2027-03-02T08:00:00"))).toBe(false);
  });

  it("push a reminder to the next 08:00: the same morning after midnight, the next morning in the evening", () => {
    expect(iso(afterQuietHours(kst("2027-03-01T22:30:00")))).toBe("2027-03-02T08:00:00");
    expect(iso(afterQuietHours(kst("2027-03-02T03:00:00")))).toBe("2027-03-02T08:00:00");
    expect(iso(afterQuietHours(kst("2027-03-02T12:00:00")))).toBe("2027-03-02T12:00:00");
    // A month's and a year's end.
    expect(iso(afterQuietHours(kst("2027-02-28T23:00:00")))).toBe("2027-03-01T08:00:00");
    expect(iso(afterQuietHours(kst("2027-12-31T21:00:00")))).toBe("2028-01-01T08:00:00");
  });
});

describe("visa occasions", () => {
  it("are the four milestones at 08:00, each stale when the next is due, the last at the day's end", () => {
    const occasions = visaOccasions("2027-06-30");
    expect(occasions.map((o) => [o.milestone, iso(o.at), iso(o.until)])).toEqual([
      ["windowOpens", "2027-02-28T08:00:00", "2027-05-30T08:00:00"],
      ["oneMonth", "2027-05-30T08:00:00", "2027-06-23T08:00:00"],
      ["oneWeek", "2027-06-23T08:00:00", "2027-06-30T08:00:00"],
      ["expiryDay", "2027-06-30T08:00:00", "2027-07-01T00:00:00"],
    ]);
    expect(visaOccasions("2027-02-30")).toEqual([]);
  });
});

describe("passport occasions", () => {
  it("are 6 months and 1 month before, clamped to the month's end", () => {
    expect(passportOccasions("2027-08-31").map((o) => [o.milestone, iso(o.at)])).toEqual([
      ["sixMonths", "2027-02-28T08:00:00"],
      ["oneMonth", "2027-07-31T08:00:00"],
    ]);
    expect(iso(nth(passportOccasions("2028-08-31"), 0).at)).toBe("2028-02-29T08:00:00");
  });

  it("a passport that ends before the visa reminds before the visa's own milestones", () => {
    const passport = passportOccasions("2027-03-15");
    const visa = visaOccasions("2027-09-15");
    // The passport's last reminder comes before the visa's window even opens: the stay ends with the passport.
    expect(nth(passport, 1).at).toBeLessThan(nth(visa, 0).at);
    const now = kst("2027-02-15T09:00:00");
    expect(dueOccasion(passport, now, kst("2026-01-01T00:00:00"))?.milestone).toBe("oneMonth");
    expect(dueOccasion(visa, now, kst("2026-01-01T00:00:00"))).toBeNull();
  });
});

describe("appointment occasions", () => {
  it("are 19:00 the evening before and 08:00 on the day", () => {
    const startsAt = kst("2027-04-01T10:30:00");
    expect(appointmentOccasions("a1", startsAt).map((o) => [o.milestone, iso(o.at), iso(o.until)])).toEqual([
      ["eveningBefore", "2027-03-31T19:00:00", "2027-04-01T08:00:00"],
      ["morning", "2027-04-01T08:00:00", "2027-04-01T10:30:00"],
    ]);
  });

  it("an appointment before 08:00 gets the evening reminder only, stale at its start", () => {
    const startsAt = kst("2027-04-01T07:30:00");
    expect(appointmentOccasions("a1", startsAt).map((o) => [o.milestone, iso(o.until)])).toEqual([
      ["eveningBefore", "2027-04-01T07:30:00"],
    ]);
  });

  it("crosses a month's end", () => {
    expect(iso(nth(appointmentOccasions("a1", kst("2027-03-01T09:00:00")), 0).at)).toBe("2027-02-28T19:00:00");
  });
});

describe("dueOccasion", () => {
  const occasions = visaOccasions("2027-06-30");
  const longAgo = kst("2026-01-01T00:00:00");

  it("sends the milestone whose time has come, not before 08:00", () => {
    expect(dueOccasion(occasions, kst("2027-05-30T07:59:00"), longAgo)).toBeNull();
    expect(dueOccasion(occasions, kst("2027-05-30T08:00:00"), longAgo)?.milestone).toBe("oneMonth");
  });

  it("waits through the quiet hours: nothing at 22:00, the 08:00 run sends it", () => {
    expect(dueOccasion(occasions, kst("2027-05-30T22:00:00"), longAgo)).toBeNull();
    expect(dueOccasion(occasions, kst("2027-05-31T08:00:00"), longAgo)?.milestone).toBe("oneMonth");
  });

  it("drops a stale one: after the next is due, only the next", () => {
    expect(dueOccasion(occasions, kst("2027-06-23T09:00:00"), longAgo)?.milestone).toBe("oneWeek");
  });

  it("never sends the expiry-day reminder the day after", () => {
    expect(dueOccasion(occasions, kst("2027-06-30T20:00:00"), longAgo)?.milestone).toBe("expiryDay");
    expect(dueOccasion(occasions, kst("2027-07-01T08:00:00"), longAgo)).toBeNull();
  });

  it("never sends a milestone already past when the date was entered", () => {
    const entered = kst("2027-06-01T12:00:00");
    expect(dueOccasion(occasions, kst("2027-06-02T09:00:00"), entered)).toBeNull();
    expect(dueOccasion(occasions, kst("2027-06-23T09:00:00"), entered)?.milestone).toBe("oneWeek");
  });

  it("a date changed: the new date's occasions are judged on their own", () => {
    const moved = visaOccasions("2027-12-31");
    expect(dueOccasion(moved, kst("2027-05-30T09:00:00"), longAgo)).toBeNull();
    expect(dueOccasion(moved, kst("2027-08-31T09:00:00"), longAgo)?.about).toBe("2027-12-31");
  });
});

describe("deliveryKey", () => {
  it("names member-independent kind, subject, milestone and channel, distinct per channel", () => {
    const first = nth(visaOccasions("2027-06-30"), 0);
    expect(deliveryKey(first, "push")).toBe("visa:2027-06-30:windowOpens:push");
    expect(deliveryKey(first, "sms")).not.toBe(deliveryKey(first, "push"));
  });
});
