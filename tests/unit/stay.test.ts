/** The extension window: from 4 months before the expiry date up to the expiry date (domain-facts §2). */
import { describe, expect, it } from "vitest";
import { stayOutlook } from "~/visa/stay";

describe("stayOutlook", () => {
  it("counts the days left and says when the window opens, before it is open", () => {
    expect(stayOutlook("2027-06-15", "2026-11-23")).toEqual({
      expiresOn: "2027-06-15",
      daysLeft: 204,
      extensionFrom: "2027-02-15",
      state: "upcoming",
    });
  });

  it("opens the window on the day four months before, not the day before that", () => {
    expect(stayOutlook("2027-03-23", "2026-11-22")?.state).toBe("upcoming");
    expect(stayOutlook("2027-03-23", "2026-11-23")).toMatchObject({ state: "extensionOpen", daysLeft: 120 });
  });

  it("keeps the window open on the expiry day itself, and closes it the day after", () => {
    expect(stayOutlook("2026-11-23", "2026-11-23")).toMatchObject({ state: "extensionOpen", daysLeft: 0 });
    expect(stayOutlook("2026-11-22", "2026-11-23")).toMatchObject({ state: "expired", daysLeft: -1 });
  });

  it("ends the month early when the month four back is shorter", () => {
    expect(stayOutlook("2027-06-30", "2026-11-23")?.extensionFrom).toBe("2027-02-28");
    expect(stayOutlook("2028-06-30", "2026-11-23")?.extensionFrom).toBe("2028-02-29");
  });

  it("counts across a year end and a leap day", () => {
    expect(stayOutlook("2028-03-01", "2027-12-31")?.daysLeft).toBe(61);
  });

  it("reads no date from what is not one", () => {
    for (const bad of ["", "2026-02-30", "2026-13-01", "26-11-23", "tomorrow", "2026-11-23T00:00"]) {
      expect(stayOutlook(bad, "2026-11-23"), bad).toBeNull();
    }
    expect(stayOutlook("2027-01-01", "not a day")).toBeNull();
  });
});
