import { describe, expect, it } from "vitest";
import { formatDate, formatKoreanDateTime, formatNumber, particleRo } from "~/lib/format";

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

describe("particleRo", () => {
  // As the value is read aloud: 삼, 육, 영, 엠, 엔 end in a consonant other than ㄹ; 일, 칠, 팔 end in ㄹ.
  it.each([
    ["F-6", "으로"],
    ["D-10", "으로"],
    ["+233", "으로"],
    ["E-9", "로"],
    ["F-4", "로"],
    ["+44", "로"],
    ["+81", "로"],
    ["E-7", "로"],
    ["H-2", "로"],
    ["F-2-M", "으로"],
    ["D-2-L", "로"],
    ["서울", "로"],
    ["인천", "으로"],
    ["부산", "으로"],
    ["대구", "로"],
  ])("%s takes %s", (value, particle) => {
    expect(particleRo(value)).toBe(particle);
  });
});
