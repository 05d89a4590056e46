/**
 * The benchmarks' verdicts (issue 45): every target a benchmark knows gets one line, "ok" or "MISSED", and a run
 * that misses one ends non-zero, so a regression shows in one command. Shared by bench/run.mjs, bench/postgres.mjs
 * and bench/phone.mjs.
 *
 * A target is a bound (`atLeast` or `atMost`) on one value, or on every value of a set (the pages' first-load
 * JavaScript, the phone's pages): the line then names the worst value and every item that missed. A value that could
 * not be measured (undefined or NaN) misses.
 */

/**
 * One target's verdict: `values` is a number or `[label, number]` pairs; `bound` is `{ atLeast }` or `{ atMost }`;
 * `format` prints a value (two decimals and "×" unless told). Returns `{ ok, line, missed }`.
 */
export function judge(name, values, bound, format = (v) => `${v.toFixed(2)}×`) {
  const atLeast = bound.atLeast !== undefined;
  const limit = atLeast ? bound.atLeast : bound.atMost;
  if (limit === undefined) throw new Error(`${name}: a target needs atLeast or atMost`);
  const meets = (v) => Number.isFinite(v) && (atLeast ? v >= limit : v <= limit);
  const targetText = `${atLeast ? "≥" : "≤"} ${format(limit)}`;
  if (!Array.isArray(values)) {
    const ok = meets(values);
    const shown = Number.isFinite(values) ? format(values) : "not measured";
    return {
      ok,
      missed: ok ? [] : [name],
      line: `${ok ? "ok    " : "MISSED"}  ${name}: ${shown} (target ${targetText})`,
    };
  }
  if (values.length === 0) {
    return { ok: false, missed: [name], line: `MISSED  ${name}: nothing measured (target ${targetText})` };
  }
  const missed = values.filter(([, v]) => !meets(v)).map(([label]) => label);
  const measured = values.filter(([, v]) => Number.isFinite(v));
  const worst = measured.reduce(
    (w, item) => (w === null || (atLeast ? item[1] < w[1] : item[1] > w[1]) ? item : w),
    null,
  );
  const worstText = worst ? `worst ${format(worst[1])} (${worst[0]})` : "not measured";
  const ok = missed.length === 0;
  const tail = ok ? `all ${values.length}` : `missed by ${missed.length} of ${values.length}: ${missed.join(", ")}`;
  return {
    ok,
    missed: ok ? [] : [name],
    line: `${ok ? "ok    " : "MISSED"}  ${name}: ${worstText}, target ${targetText}; ${tail}`,
  };
}

/**
 * A benchmark's verdicts: `check(name, values, bound, format)` records one (see judge), `print(title)` prints every
 * line and a summary, `assertMet()` throws when one missed (runBenchmark then exits 1).
 */
export function verdicts() {
  const results = [];
  return {
    check(name, values, bound, format) {
      const result = judge(name, values, bound, format);
      results.push(result);
      return result.ok;
    },
    /** A target that is a yes or no (no metadata in a photo, no writes on a GET). */
    require(name, ok, detail = "") {
      results.push({
        ok,
        missed: ok ? [] : [name],
        line: `${ok ? "ok    " : "MISSED"}  ${name}${detail ? `: ${detail}` : ""}`,
      });
      return ok;
    },
    get missed() {
      return results.flatMap((r) => r.missed);
    },
    print(title = "Verdicts") {
      console.log(`\n${title} (${results.length} targets):`);
      for (const r of results) console.log(`  ${r.line}`);
      const missed = results.flatMap((r) => r.missed);
      console.log(missed.length ? `  ${missed.length} MISSED: ${missed.join("; ")}` : "  every target met");
    },
    assertMet() {
      const missed = results.flatMap((r) => r.missed);
      if (missed.length) throw new Error(`targets missed: ${missed.join("; ")}`);
    },
  };
}
