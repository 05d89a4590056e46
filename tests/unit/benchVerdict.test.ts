import { describe, expect, it } from "vitest";
import { judge, verdicts } from "../../bench/verdict.mjs";

describe("the benchmarks' verdicts (issue 45)", () => {
  it("judges one value against a lower or an upper bound, the bound itself meeting it", () => {
    expect(judge("/ signed in", 0.9, { atLeast: 0.9 }).ok).toBe(true);
    expect(judge("/ signed in", 0.89, { atLeast: 0.9 })).toMatchObject({ ok: false, missed: ["/ signed in"] });
    expect(judge("photo", 1.6, { atMost: 1.5 }, (v: number) => `${v} s`).line).toBe(
      "MISSED  photo: 1.6 s (target ≤ 1.5 s)",
    );
  });

  it("misses a value that was not measured", () => {
    expect(judge("hydrated", Number.NaN, { atMost: 3.5 })).toMatchObject({ ok: false });
    expect(judge("hydrated", undefined, { atMost: 3.5 }).line).toContain("not measured");
    expect(judge("pages", [], { atMost: 100 }).ok).toBe(false);
  });

  it("names the worst of a set and every item that missed", () => {
    const kib = (v: number) => `${v.toFixed(1)} KiB`;
    const sizes = [
      ["_index", 98.5],
      ["sign", 112.7],
      ["member.start", 115.1],
      ["language", Number.NaN],
    ];
    const result = judge("first load", sizes, { atMost: 100 }, kib);
    expect(result.ok).toBe(false);
    expect(result.line).toBe(
      "MISSED  first load: worst 115.1 KiB (member.start), target ≤ 100.0 KiB; missed by 3 of 4: sign, member.start, language",
    );
    const low = judge(
      "ratio",
      [
        ["a", 1.2],
        ["b", 0.95],
      ],
      { atLeast: 0.9 },
    );
    expect(low.line).toBe("ok      ratio: worst 0.95× (b), target ≥ 0.90×; all 2");
  });

  it("collects a run's verdicts and throws once one is missed", () => {
    const v = verdicts();
    expect(v.check("a", 1, { atLeast: 1 })).toBe(true);
    expect(() => v.assertMet()).not.toThrow();
    expect(v.require("no writes on a GET", false, "2 rows")).toBe(false);
    expect(v.missed).toEqual(["no writes on a GET"]);
    expect(() => v.assertMet()).toThrow(/no writes on a GET/);
  });

  it("refuses a target without a bound", () => {
    expect(() => judge("x", 1, {})).toThrow(/atLeast or atMost/);
  });
});
