/**
 * The member's own extension plan (app/visa/extensionPlan.ts, decision 0109): the window's first day and the days
 * until it, and which warnings apply, from the stay's and the passport's dates and the kit's answer.
 */
import { describe, expect, it } from "vitest";
import { extensionWindow, kitWarnings, passportMustReach, WARNING_SOURCES } from "~/visa/extensionPlan";

describe("extensionWindow", () => {
  it("opens 4 months before the expiry and counts the days until it", () => {
    // 100 days left: the window opened 20 days ago (4 months before 2027-03-13 is 2026-11-13).
    expect(extensionWindow("2027-03-13", "2026-12-03")).toEqual({
      expiresOn: "2027-03-13",
      daysLeft: 100,
      extensionFrom: "2026-11-13",
      daysUntilOpen: -20,
      state: "extensionOpen",
    });
    expect(extensionWindow("2027-06-15", "2026-12-03")).toMatchObject({
      extensionFrom: "2027-02-15",
      daysUntilOpen: 74,
      state: "upcoming",
    });
  });

  it("is 0 days away on the opening day, and expired the day after the stay ends", () => {
    expect(extensionWindow("2027-04-03", "2026-12-03")).toMatchObject({ daysUntilOpen: 0, state: "extensionOpen" });
    expect(extensionWindow("2026-12-02", "2026-12-03")).toMatchObject({ daysLeft: -1, state: "expired" });
  });

  it("is null for a date that does not exist", () => {
    expect(extensionWindow("2027-02-30", "2026-12-03")).toBeNull();
    expect(extensionWindow("2027-02-01", "")).toBeNull();
  });
});

describe("kitWarnings", () => {
  const worker = { visa: "E-9-1", stayExpiresOn: "2027-03-13", extendable: "yes" as const };

  it("warns of a passport that ends before the stay, or within a year after it", () => {
    expect(passportMustReach("2027-03-13")).toBe("2028-03-13");
    expect(kitWarnings({ ...worker, passportExpiresOn: "2027-01-31" })[0]).toEqual({
      kind: "passport",
      passportExpiresOn: "2027-01-31",
      beforeStay: true,
    });
    expect(kitWarnings({ ...worker, passportExpiresOn: "2027-09-30" })[0]).toEqual({
      kind: "passport",
      passportExpiresOn: "2027-09-30",
      beforeStay: false,
    });
    // A year and more past the stay: no passport warning; nor when either date is unknown.
    for (const passportExpiresOn of ["2028-03-13", "2030-01-01", null]) {
      expect(kitWarnings({ ...worker, passportExpiresOn }).map((w) => w.kind)).toEqual(["healthInsurance"]);
    }
    expect(kitWarnings({ ...worker, stayExpiresOn: null, passportExpiresOn: "2027-01-31" })).toEqual([
      { kind: "healthInsurance" },
    ]);
  });

  it("warns of unpaid health-insurance premiums, except for statuses outside the insurance", () => {
    for (const visa of ["E-9-1", "D-2-2", "F-6-1", "H-2", "G-1-6"]) {
      expect(kitWarnings({ ...worker, visa, passportExpiresOn: null }), visa).toEqual([{ kind: "healthInsurance" }]);
    }
    for (const visa of ["A-1", "A-3-99", "G-1-1", "G-1"]) {
      expect(kitWarnings({ ...worker, visa, passportExpiresOn: null }), visa).toEqual([]);
    }
  });

  it("tells a status that is not extended to change status instead, and warns F-5 of nothing", () => {
    const facts = { stayExpiresOn: "2027-01-10", passportExpiresOn: "2027-01-01" };
    expect(kitWarnings({ ...facts, visa: "B-2-1", extendable: "no" })).toEqual([{ kind: "changeStatus" }]);
    expect(kitWarnings({ ...facts, visa: "C-3-1", extendable: "exceptional" })).toEqual([{ kind: "changeStatus" }]);
    expect(kitWarnings({ ...facts, visa: "F-5-1", extendable: "noStayPeriod" })).toEqual([]);
  });

  it("cites each warning with a source and the day it was checked", () => {
    for (const sources of Object.values(WARNING_SOURCES)) {
      expect(sources.length).toBeGreaterThan(0);
      for (const source of sources) {
        expect(source.url).toMatch(/^https:\/\//);
        expect(source.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });
});
