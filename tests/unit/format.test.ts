import { describe, expect, it } from "vitest";
import { formatDate, formatKoreanDateTime, formatNumber } from "~/lib/format";

describe("formatNumber", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1,000"],
    [1234567, "1,234,567"],
    [-9876543.21, "-9,876,543.21"],
    ["12345678901234567890", "12,345,678,901,234,567,890"],
    ["1,000000", "1,000,000"],
    [10n ** 12n, "1,000,000,000,000"],
  ])("%s → %s", (input, expected) => {
    expect(formatNumber(input)).toBe(expected);
  });

  it("leaves text that is not a number alone", () => {
    expect(formatNumber("abc")).toBe("abc");
    expect(formatNumber(null)).toBe("");
  });
});

describe("dates", () => {
  const instant = new Date("2026-01-05T00:07:00Z"); // 09:07 in Seoul

  it("formats yyyy-mm-dd in Korean time", () => {
    expect(formatDate(instant)).toBe("2026-01-05");
    expect(formatDate(new Date("2026-01-04T15:00:00Z"))).toBe("2026-01-05");
    expect(formatDate(new Date("2026-01-04T14:59:59Z"))).toBe("2026-01-04");
  });

  it("formats the Korean style without zero padding, 24-hour clock", () => {
    expect(formatKoreanDateTime(instant)).toBe("2026년 1월 5일 (9시 7분)");
    expect(formatKoreanDateTime(new Date("2026-12-31T14:30:00Z"))).toBe("2026년 12월 31일 (23시 30분)");
    expect(formatKoreanDateTime(new Date("2026-12-31T15:00:00Z"))).toBe("2027년 1월 1일 (0시 0분)");
  });

  it("returns an empty string for an invalid date", () => {
    expect(formatDate("not a date")).toBe("");
    expect(formatKoreanDateTime(Number.NaN)).toBe("");
  });
});
