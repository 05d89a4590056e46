/**
 * Pay against the minimum wage and severance with annual leave (app/finance/pay.ts, severance.ts), to the won.
 * Figures come from the Ministry of Employment and Labor's published monthly minimums (209 hours: 2,060,740 for 2024,
 * 2,096,270 for 2025, 2,156,880 for 2026) where one exists, and otherwise from the statute's formula computed here
 * on its own (days counted with Date.UTC, wages with bigint), never read back from the code under test.
 */
import { describe, expect, it } from "vitest";
import { checkPay, type PayCheck, type PayInput } from "~/finance/pay";
import {
  annualLeave,
  computeSeverance,
  type SeveranceInput,
  type SeveranceResult,
  yearlyLeaveDays,
} from "~/finance/severance";

const WAGES = [
  { year: 2024, hourlyKrw: 9_860 },
  { year: 2025, hourlyKrw: 10_030 },
  { year: 2026, hourlyKrw: 10_320 },
];

function pay(input: Partial<PayInput> & Pick<PayInput, "amount" | "per" | "weeklyHours">): PayCheck {
  const result = checkPay({ year: 2026, minimumWages: WAGES, ...input });
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result.value;
}

function severance(input: Partial<SeveranceInput> & Pick<SeveranceInput, "start" | "end">): SeveranceResult {
  const result = computeSeverance({ lastThreeMonthsPay: "9,000,000", ...input });
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result.value;
}

/** Calendar days from `a` to `b` ("yyyy-mm-dd"), independently of date-fns. */
function daysBetween(a: string, b: string): number {
  const utc = (day: string) => {
    const [y, m, d] = day.split("-").map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(b) - utc(a)) / 86_400_000);
}

/** 퇴직급여보장법 §8: (3 months' pay + bonus × 3/12 + leave pay × 3/12) ÷ window days × 30 × service days ÷ 365. */
function statuteSeverance(pay3: bigint, bonus: bigint, leave: bigint, windowDays: number, serviceDays: number) {
  return ((4n * pay3 + bonus + leave) * 30n * BigInt(serviceDays)) / (4n * BigInt(windowDays) * 365n);
}

describe("minimum wage check with the weekly paid holiday", () => {
  it("2026: 10,320 an hour at 40 hours is the Ministry's 2,156,880 a month for 209 hours", () => {
    const check = pay({ amount: "10,320", per: "hour", weeklyHours: "40" });
    expect(check.monthlyHours).toBe(209n);
    expect(check.monthlyMinimum).toBe(2_156_880n);
    expect(check.monthlyPay).toBe(2_156_880n);
    expect(check.atOrAbove).toBe(true);
    expect(check.shortfallPerMonth).toBe(0n);
    expect(check.weeklyHolidayPay).toBe(8n * 10_320n);
  });

  it("2025: a monthly 2,096,270 at 40 hours is exactly the minimum", () => {
    const check = pay({ amount: "2,096,270", per: "month", weeklyHours: "40", year: 2025 });
    expect(check.monthlyMinimum).toBe(2_096_270n);
    expect(check.atOrAbove).toBe(true);
    expect(check.hourlyPay).toBe(10_030n);
  });

  it("2024: a monthly 2,060,740 at 40 hours is exactly the minimum; a won less falls short by 1", () => {
    expect(pay({ amount: "2060740", per: "month", weeklyHours: "40", year: 2024 }).atOrAbove).toBe(true);
    const short = pay({ amount: "2060739", per: "month", weeklyHours: "40", year: 2024 });
    expect(short.atOrAbove).toBe(false);
    expect(short.shortfallPerMonth).toBe(1n);
  });

  it("a monthly 2,000,000 at 40 hours in 2026 falls short by 156,880", () => {
    const check = pay({ amount: "2,000,000", per: "month", weeklyHours: "40" });
    expect(check.atOrAbove).toBe(false);
    expect(check.shortfallPerMonth).toBe(2_156_880n - 2_000_000n);
    // 2,000,000 ÷ 209 = 9,569.37… truncated.
    expect(check.hourlyPay).toBe(9_569n);
  });

  it("10,000 an hour at 40 hours in 2026 falls short by 320 × 209 a month", () => {
    const check = pay({ amount: "10000", per: "hour", weeklyHours: "40" });
    expect(check.shortfallPerMonth).toBe(320n * 209n);
    expect(check.monthlyPay).toBe(10_000n * 209n);
  });

  it("15 hours a week exactly earns the paid holiday: 3 hours a week, 78 hours a month", () => {
    const check = pay({ amount: "10,320", per: "hour", weeklyHours: "15" });
    expect(check.holidayHours100).toBe(300n);
    expect(check.weeklyHolidayPay).toBe(3n * 10_320n);
    // (15 + 3) × 365 ÷ 84 = 78.21 → 78.
    expect(check.monthlyHours).toBe(78n);
    expect(check.monthlyMinimum).toBe(78n * 10_320n);
  });

  it("14.99 hours a week earns no paid holiday: 65 hours a month", () => {
    const check = pay({ amount: "10,320", per: "hour", weeklyHours: "14.99" });
    expect(check.holidayHours100).toBe(0n);
    expect(check.weeklyHolidayPay).toBe(0n);
    // 14.99 × 365 ÷ 84 = 65.13 → 65.
    expect(check.monthlyHours).toBe(65n);
  });

  it("20 hours a week: 4 holiday hours, 104 hours a month", () => {
    const check = pay({ amount: "10320", per: "hour", weeklyHours: "20" });
    expect(check.weeklyHolidayPay).toBe(4n * 10_320n);
    expect(check.monthlyHours).toBe(104n); // 24 × 365 ÷ 84 = 104.29
  });

  it("a daily 82,560 for 8-hour days (40 a week) is 10,320 an hour: at the minimum", () => {
    const check = pay({ amount: "82,560", per: "day", weeklyHours: "40" });
    expect(check.hourlyPay).toBe(10_320n);
    expect(check.atOrAbove).toBe(true);
    expect(check.weeklyHolidayPay).toBe(82_560n);
  });

  it("a daily 80,000 for 8-hour days falls short by 66,880 a month", () => {
    const check = pay({ amount: "80000", per: "day", weeklyHours: "40" });
    expect(check.hourlyPay).toBe(10_000n);
    expect(check.shortfallPerMonth).toBe(2_156_880n - 2_090_000n);
  });

  it("a monthly 1,600,000 at 30 hours a week: 156 paid hours, short by 9,920", () => {
    const check = pay({ amount: "1,600,000", per: "month", weeklyHours: "30" });
    expect(check.monthlyHours).toBe(156n); // 36 × 365 ÷ 84 = 156.43
    expect(check.shortfallPerMonth).toBe(156n * 10_320n - 1_600_000n);
  });

  it("50 hours a week: the paid holiday stays one 8-hour day", () => {
    const check = pay({ amount: "10,320", per: "hour", weeklyHours: "50" });
    expect(check.holidayHours100).toBe(800n);
    expect(check.monthlyHours).toBe(252n); // 58 × 365 ÷ 84 = 252.02
  });

  it("refuses a pay of 0 or 10^15, 200 hours a week, text and an unknown period or year, all at once", () => {
    const problems = (input: Partial<PayInput>) => {
      const result = checkPay({
        amount: "10000",
        per: "hour",
        weeklyHours: "40",
        year: 2026,
        minimumWages: WAGES,
        ...input,
      });
      return result.ok ? null : result.problems;
    };
    expect(problems({ amount: "0" })).toEqual({ amount: "amountNotPositive" });
    expect(problems({ amount: "1000000000000000" })).toEqual({ amount: "amountTooLarge" });
    expect(problems({ weeklyHours: "200" })).toEqual({ weeklyHours: "hoursRange" });
    expect(problems({ amount: "ten thousand", weeklyHours: "forty" })).toEqual({
      amount: "amountFormat",
      weeklyHours: "hoursFormat",
    });
    expect(problems({ per: "week", year: 1999 })).toEqual({ per: "perUnknown", year: "yearUnknown" });
    expect(problems({ weeklyHours: "" })).toEqual({ weeklyHours: "hoursRequired" });
  });
});

describe("severance (퇴직급여보장법 §8) and its due day", () => {
  it("exactly one year with a 28-day February in the window: 30 days' average wage", () => {
    const s = severance({ start: "2025-03-01", end: "2026-03-01" });
    expect(s.days).toBe(365);
    expect(s.eligible).toBe(true);
    expect(s.window).toEqual({ from: "2025-12-01", to: "2026-02-28", days: 31 + 31 + 28 });
    expect(s.averageDailyWage).toBe(100_000n);
    expect(s.severance).toBe(statuteSeverance(9_000_000n, 0n, 0n, 90, 365));
    expect(s.severance).toBe(3_000_000n);
    expect(s.dueBy).toBe("2026-03-15");
    expect(s.lastDayWorked).toBe("2026-02-28");
  });

  it("364 days: no severance owed", () => {
    const s = severance({ start: "2025-03-02", end: "2026-03-01" });
    expect(s.days).toBe(364);
    expect(s.oneYearOrMore).toBe(false);
    expect(s.eligible).toBe(false);
  });

  it("a year holding 29 February is 366 days, its window 91", () => {
    const s = severance({ start: "2023-03-01", end: "2024-03-01" });
    expect(s.days).toBe(daysBetween("2023-03-01", "2024-03-01"));
    expect(s.window.days).toBe(91);
    expect(s.severance).toBe(statuteSeverance(9_000_000n, 0n, 0n, 91, 366));
    // 365 days in that year are a day short of it.
    expect(severance({ start: "2023-03-02", end: "2024-03-01" }).eligible).toBe(false);
  });

  it("three years with a yearly bonus and unused leave pay, 3/12 of each in the window", () => {
    const s = severance({
      start: "2022-01-10",
      end: "2025-01-10",
      lastThreeMonthsPay: "9,600,000",
      yearlyBonus: "4,000,000",
      unusedLeavePay: "800,000",
    });
    const days = daysBetween("2022-01-10", "2025-01-10");
    const windowDays = daysBetween("2024-10-10", "2025-01-10");
    expect(s.days).toBe(days);
    expect(s.window.days).toBe(windowDays);
    expect(s.bonusShare).toBe(1_000_000n);
    expect(s.leaveShare).toBe(200_000n);
    expect(s.windowWages).toBe(10_800_000n);
    expect(s.averageDailyWage).toBe(10_800_000n / BigInt(windowDays));
    expect(s.severance).toBe(statuteSeverance(9_600_000n, 4_000_000n, 800_000n, windowDays, days));
  });

  it("a leaving day on the 31st: the window starts on the last day of a shorter month", () => {
    const s = severance({ start: "2020-05-31", end: "2025-05-31", lastThreeMonthsPay: "7,777,777" });
    expect(s.window.from).toBe("2025-02-28");
    const windowDays = daysBetween("2025-02-28", "2025-05-31");
    expect(s.severance).toBe(statuteSeverance(7_777_777n, 0n, 0n, windowDays, daysBetween("2020-05-31", "2025-05-31")));
  });

  it("15 hours a week exactly is owed severance; 14.5 is not", () => {
    expect(severance({ start: "2024-01-01", end: "2026-01-01", weeklyHours: "15" }).eligible).toBe(true);
    expect(severance({ start: "2024-01-01", end: "2026-01-01", weeklyHours: "14.5" }).eligible).toBe(false);
  });

  it("refuses end before start, dates 100 years apart, a pay of 0 or 10^15, −1 employees and text", () => {
    const problems = (input: Partial<SeveranceInput>) => {
      const result = computeSeverance({
        start: "2024-01-01",
        end: "2026-01-01",
        lastThreeMonthsPay: "9000000",
        ...input,
      });
      return result.ok ? null : result.problems;
    };
    expect(problems({ end: "2023-12-31" })).toEqual({ end: "endNotAfterStart" });
    expect(problems({ end: "2024-01-01" })).toEqual({ end: "endNotAfterStart" });
    expect(problems({ start: "1925-01-01", end: "2025-01-01" })).toEqual({ end: "serviceTooLong" });
    expect(problems({ lastThreeMonthsPay: "0" })).toEqual({ lastThreeMonthsPay: "amountNotPositive" });
    expect(problems({ lastThreeMonthsPay: "1,000,000,000,000,000" })).toEqual({ lastThreeMonthsPay: "amountTooLarge" });
    expect(problems({ employees: "-1", weeklyHours: "200" })).toEqual({
      employees: "employeesRange",
      weeklyHours: "hoursRange",
    });
    expect(problems({ employees: "five", yearlyBonus: "a lot", start: "2024-02-30" })).toEqual({
      start: "dateFormat",
      employees: "employeesFormat",
      yearlyBonus: "amountFormat",
    });
  });
});

describe("annual leave (근로기준법 §60)", () => {
  const day = (text: string) => {
    const [y, m, d] = text.split("-").map(Number) as [number, number, number];
    return new Date(y, m - 1, d);
  };

  it("exactly one year earns the first year's 11 days, not the 15 (the year's days arise the day after it)", () => {
    expect(severance({ start: "2025-03-01", end: "2026-03-01" }).leave).toEqual({
      applies: true,
      basis: "monthly",
      days: 11,
      leaveYears: 0,
    });
  });

  it("7 months completed earn 7 days", () => {
    expect(severance({ start: "2025-03-01", end: "2025-10-15" }).leave.days).toBe(7);
  });

  it("working on past the first anniversary at 80 % attendance earns 15; at 79 % only the months fully attended", () => {
    const base = { start: day("2024-03-01"), end: day("2025-03-02"), employees: 10 };
    expect(annualLeave({ ...base, attendancePercent: 80 })).toEqual({
      applies: true,
      basis: "yearly",
      days: 15,
      leaveYears: 1,
    });
    expect(annualLeave({ ...base, attendancePercent: 79, fullMonthsAttended: 9 })).toEqual({
      applies: true,
      basis: "monthly",
      days: 9,
      leaveYears: 1,
    });
  });

  it("4 employees: none owed; 5 employees: owed", () => {
    const base = { start: "2022-01-01", end: "2025-02-01" };
    expect(severance({ ...base, employees: "4" }).leave).toMatchObject({ applies: false, days: 0 });
    expect(severance({ ...base, employees: "5" }).leave).toMatchObject({ applies: true, days: 16, leaveYears: 3 });
  });

  it("grows by 1 every 2 years after the first, at most 25", () => {
    expect([1, 2, 3, 4, 5, 10, 21, 25, 40].map(yearlyLeaveDays)).toEqual([15, 15, 16, 16, 17, 19, 25, 25, 25]);
    expect(severance({ start: "2000-01-01", end: "2025-06-01" }).leave.days).toBe(25);
  });

  it("unused leave pay: 15 days of a day's ordinary wage, 3,000,000 a month over 209 hours for 8 hours", () => {
    const s = severance({ start: "2024-03-01", end: "2025-03-02", weeklyHours: "40" });
    expect(s.leave.days).toBe(15);
    // 15 × 3,000,000 ÷ 209 × 8 = 1,722,488.03…
    expect(s.leavePayEstimate).toBe((15n * 3_000_000n * 8n) / 209n);
  });
});
