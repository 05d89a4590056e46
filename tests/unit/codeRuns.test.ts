import { describe, expect, it } from "vitest";
import { codeRuns } from "~/lib/codeRuns";

const codes = (text: string) =>
  codeRuns(text)
    .filter((r) => r.code)
    .map((r) => r.text);

describe("codeRuns", () => {
  it("finds the visa codes in running text, whole, in every script around them", () => {
    expect(codes("Holders of E-9 or H-2 visas")).toEqual(["E-9", "H-2"]);
    expect(codes("G-1-6 (humanitarian stay) and F-2-R")).toEqual(["G-1-6", "F-2-R"]);
    expect(codes("D-10 구직 비자, E-7-4 숙련기능인력")).toEqual(["D-10", "E-7-4"]);
    expect(codes("Thị thực E-9.")).toEqual(["E-9"]);
  });

  it("leaves what only looks like a code inside a word or a longer code", () => {
    expect(codes("ABE-9")).toEqual([]);
    expect(codes("비자E-9")).toEqual([]);
    expect(codes("E-9X")).toEqual([]);
    expect(codes("E-123")).toEqual([]);
    expect(codes("I-9 and e-9")).toEqual([]);
  });

  it("gives runs that join back into the text, and one run for a text without a code", () => {
    for (const text of ["No code here at all", "외국인등록증", "E-9", "  F-4 and F-5  ", "A-1-", "", "B-"]) {
      expect(
        codeRuns(text)
          .map((r) => r.text)
          .join(""),
      ).toBe(text);
    }
    expect(codeRuns("Pay day is the 10th")).toEqual([{ text: "Pay day is the 10th", code: false }]);
    expect(codeRuns("")).toEqual([]);
  });
});
