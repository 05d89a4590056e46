/**
 * Loan schedules against every worked example of the research notes (§5), to the won, and the properties
 * that must hold for any loan: principal repaid exactly, balance ending at zero, totals adding up.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LOAN_METHODS, type LoanInput, type LoanSchedule, equalPayment, schedule } from "~/finance/loan";

function loan(input: LoanInput): LoanSchedule {
  const result = schedule(input);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result.value;
}

const problemsOf = (input: LoanInput) => {
  const result = schedule(input);
  return result.ok ? null : result.problems;
};

const base = { amount: 1_000_000n, annualRatePercent: "5", months: 24 } as const;

describe("worked examples (research notes §5)", () => {
  it("equal payment, 1,000,000 at 5 % over 24 months: 43,871 a month", () => {
    const s = loan({ ...base, method: "equalPayment" });
    expect(s.monthlyPayment).toBe(43_871n);
    expect(s.rows[0]).toEqual({ month: 1, payment: 43_871n, principal: 39_705n, interest: 4_166n, balance: 960_295n });
    expect(s.rows.slice(0, 23).every((row) => row.payment === 43_871n)).toBe(true);
    expect(s.rows[23]?.payment).toBe(43_868n);
    expect(s.totalInterest).toBe(52_901n);
    expect(s.totalRepaid).toBe(1_052_901n);
  });

  it("equal payment, 10,000,000 at 4.5 % over 36 months: 297,469", () => {
    expect(
      loan({ amount: 10_000_000n, annualRatePercent: "4.5", months: 36, method: "equalPayment" }).monthlyPayment,
    ).toBe(297_469n);
  });

  it("equal payment, 5,000,000 at 12 % over 12 months: 444,243 truncated (444,244 rounded)", () => {
    expect(
      loan({ amount: 5_000_000n, annualRatePercent: "12", months: 12, method: "equalPayment" }).monthlyPayment,
    ).toBe(444_243n);
  });

  it("equal principal, 1,000,000 at 5 % over 24 months: 41,666 a month (41,682 last), 45,832 first, 52,072 interest", () => {
    const s = loan({ ...base, method: "equalPrincipal" });
    expect(s.rows.slice(0, 23).every((row) => row.principal === 41_666n)).toBe(true);
    expect(s.rows[23]?.principal).toBe(41_682n);
    expect(s.rows[0]?.payment).toBe(45_832n);
    expect(s.monthlyPayment).toBe(45_832n);
    expect(s.totalInterest).toBe(52_072n);
  });

  it("bullet, 1,000,000 at 5 % over 24 months: 4,166 a month, 1,004,166 last", () => {
    const s = loan({ ...base, method: "bullet" });
    expect(s.monthlyPayment).toBe(4_166n);
    expect(s.rows.slice(0, 23).every((row) => row.payment === 4_166n && row.principal === 0n)).toBe(true);
    expect(s.rows[23]?.payment).toBe(1_004_166n);
    expect(s.totalInterest).toBe(24n * 4_166n);
  });
});

// Figures below were computed independently (Python, exact fractions) from the same rules.
describe("grace, zero rate and long terms", () => {
  it("grace months pay interest only and count in the term", () => {
    const s = loan({ ...base, method: "equalPayment", graceMonths: 6 });
    expect(s.rows).toHaveLength(24);
    for (const row of s.rows.slice(0, 6))
      expect(row).toMatchObject({ payment: 4_166n, principal: 0n, balance: 1_000_000n });
    expect(s.monthlyPayment).toBe(57_780n); // the annuity over the 18 repayment months
    expect(s.rows[6]).toEqual({ month: 7, payment: 57_780n, principal: 53_614n, interest: 4_166n, balance: 946_386n });
    expect(s.rows[23]?.payment).toBe(57_781n);
    expect(s.totalInterest).toBe(65_037n);
  });

  it("equal principal after a grace splits the principal over the repayment months", () => {
    const s = loan({
      amount: 12_000_000n,
      annualRatePercent: "6",
      months: 24,
      method: "equalPrincipal",
      graceMonths: 12,
    });
    expect(s.rows[11]).toEqual({ month: 12, payment: 60_000n, principal: 0n, interest: 60_000n, balance: 12_000_000n });
    expect(s.rows[12]).toEqual({
      month: 13,
      payment: 1_060_000n,
      principal: 1_000_000n,
      interest: 60_000n,
      balance: 11_000_000n,
    });
    expect(s.monthlyPayment).toBe(1_060_000n);
    expect(s.totalInterest).toBe(1_110_000n);
  });

  it("a grace changes nothing in a bullet loan, which pays interest only until the end anyway", () => {
    expect(loan({ ...base, method: "bullet", graceMonths: 10 }).rows).toEqual(loan({ ...base, method: "bullet" }).rows);
  });

  it("0 % splits the principal evenly with the remainder last, for every method", () => {
    const even = loan({ ...base, annualRatePercent: "0", method: "equalPayment" });
    expect(even.monthlyPayment).toBe(41_666n);
    expect(even.rows[23]?.payment).toBe(41_682n);
    expect(even.totalInterest).toBe(0n);
    expect(loan({ ...base, annualRatePercent: "0", method: "equalPrincipal" }).rows).toEqual(even.rows);
    const seven = loan({ amount: 1_000_000n, annualRatePercent: "0.000", months: 7, method: "equalPayment" });
    expect(seven.rows.map((row) => row.payment)).toEqual([...Array(6).fill(142_857n), 142_858n]);
    const bullet = loan({ ...base, annualRatePercent: "0", method: "bullet" });
    expect(bullet.rows.map((row) => row.payment)).toEqual([...Array(23).fill(0n), 1_000_000n]);
  });

  it("a 360-month schedule is exact and fast", () => {
    const started = performance.now();
    const s = loan({ amount: 300_000_000n, annualRatePercent: "3.875", months: 360, method: "equalPayment" });
    expect(performance.now() - started).toBeLessThan(100); // about 0.05 ms once warm; the first call compiles
    expect(s.monthlyPayment).toBe(1_410_711n);
    expect(s.rows[0]).toEqual({
      month: 1,
      payment: 1_410_711n,
      principal: 441_961n,
      interest: 968_750n,
      balance: 299_558_039n,
    });
    expect(s.rows[359]).toEqual({
      month: 360,
      payment: 1_410_554n,
      principal: 1_406_014n,
      interest: 4_540n,
      balance: 0n,
    });
    expect(s.totalInterest).toBe(207_855_803n);
  });

  it("computes the annuity on integers, so the largest loans truncate where exact arithmetic does", () => {
    // 10^13 at 7.125 % over 480 months; (1 + r)^480 is kept exact.
    const a = equalPayment(10n ** 13n, { units: 7125n, scale: 3 }, 480);
    const r = { k: 7125n, d: 1_200_000n };
    const grown = (r.d + r.k) ** 480n;
    const exact = { num: 10n ** 13n * r.k * grown, den: r.d * (grown - r.d ** 480n) };
    expect(a * exact.den <= exact.num && exact.num < (a + 1n) * exact.den).toBe(true);
  });

  it("does not flip a won where the formula in doubles does", () => {
    // Exactly 4,585,451,675.000276…: doubles make it 4,585,451,674.99…, one won short once truncated.
    const amount = 366_686_618_000n;
    const r = 0.729 / 1200;
    const inDoubles = Math.trunc((Number(amount) * r * (1 + r) ** 82) / ((1 + r) ** 82 - 1));
    expect(inDoubles).toBe(4_585_451_674);
    expect(equalPayment(amount, { units: 729n, scale: 3 }, 82)).toBe(4_585_451_675n);
  });
});

describe("properties", () => {
  const anyLoan = fc.record({
    amount: fc.bigInt({ min: 1n, max: 10n ** 13n }),
    rateThousandths: fc.integer({ min: 0, max: 99_999 }),
    months: fc.integer({ min: 1, max: 480 }),
    method: fc.constantFrom(...LOAN_METHODS),
    graceShare: fc.double({ min: 0, max: 1, noNaN: true }),
  });

  it("repays the principal exactly, ends at zero and adds up, for any loan", () => {
    fc.assert(
      fc.property(anyLoan, ({ amount, rateThousandths, months, method, graceShare }) => {
        const graceMonths = Math.floor(graceShare * (months - 1));
        const rate = `${Math.floor(rateThousandths / 1000)}.${String(rateThousandths % 1000).padStart(3, "0")}`;
        const s = loan({ amount, annualRatePercent: rate, months, method, graceMonths });
        expect(s.rows).toHaveLength(months);
        expect(s.rows.reduce((sum, row) => sum + row.principal, 0n)).toBe(amount);
        expect(s.rows.at(-1)?.balance).toBe(0n);
        expect(s.totalRepaid).toBe(amount + s.totalInterest);
        expect(s.rows.reduce((sum, row) => sum + row.payment, 0n)).toBe(s.totalRepaid);
        let owed = amount;
        for (const row of s.rows) {
          expect(row.principal >= 0n && row.interest >= 0n).toBe(true);
          expect(row.payment).toBe(row.principal + row.interest);
          owed -= row.principal;
          expect(row.balance).toBe(owed);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe("bad input", () => {
  it.each<[Partial<LoanInput>, object]>([
    [{ amount: "-1000" }, { amount: "amountNotPositive" }],
    [{ amount: "0" }, { amount: "amountNotPositive" }],
    [{ amount: 0n }, { amount: "amountNotPositive" }],
    [{ amount: "1000.5" }, { amount: "amountDecimals" }],
    [{ amount: "1e400" }, { amount: "amountFormat" }],
    [{ amount: "lots" }, { amount: "amountFormat" }],
    [{ amount: "" }, { amount: "amountRequired" }],
    [{ amount: "10,000,000,000,001" }, { amount: "amountTooLarge" }],
    [{ amount: 10n ** 13n + 1n }, { amount: "amountTooLarge" }],
    [{ annualRatePercent: "100" }, { rate: "rateTooHigh" }],
    [{ annualRatePercent: "100.000" }, { rate: "rateTooHigh" }],
    [{ annualRatePercent: "250" }, { rate: "rateTooHigh" }],
    [{ annualRatePercent: "-1" }, { rate: "rateNegative" }],
    [{ annualRatePercent: "4.5555" }, { rate: "rateDecimals" }],
    [{ annualRatePercent: "five" }, { rate: "rateFormat" }],
    [{ annualRatePercent: "1e1" }, { rate: "rateFormat" }],
    [{ annualRatePercent: Number.NaN }, { rate: "rateFormat" }],
    [{ annualRatePercent: "" }, { rate: "rateRequired" }],
    [{ months: 0 }, { months: "monthsRange" }],
    [{ months: "600" }, { months: "monthsRange" }],
    [{ months: 481 }, { months: "monthsRange" }],
    [{ months: "-12" }, { months: "monthsRange" }],
    [{ months: "12.5" }, { months: "monthsFormat" }],
    [{ months: 12.5 }, { months: "monthsFormat" }],
    [{ months: "" }, { months: "monthsRequired" }],
    [{ method: "balloon" }, { method: "methodUnknown" }],
    [{ graceMonths: 24 }, { grace: "graceTooLong" }],
    [{ graceMonths: "30" }, { grace: "graceTooLong" }],
    [{ graceMonths: -1 }, { grace: "graceFormat" }],
    [{ graceMonths: "1.5" }, { grace: "graceFormat" }],
  ])("%o → %o", (change, problems) => {
    expect(problemsOf({ ...base, method: "equalPayment", ...change })).toEqual(problems);
  });

  it("takes the limits themselves, 99.999 % and 480 months, and text as typed", () => {
    expect(
      loan({ amount: "10,000,000,000,000", annualRatePercent: "99.999", months: "480", method: "equalPrincipal" }).rows,
    ).toHaveLength(480);
    expect(loan({ ...base, method: "equalPayment", graceMonths: "23" }).rows[22]?.principal).toBe(0n);
    expect(loan({ ...base, method: "equalPayment", graceMonths: "" }).graceMonths).toBe(0);
    expect(loan({ ...base, method: "equalPayment", annualRatePercent: 4.5 }).annualRatePercent).toEqual({
      units: 45n,
      scale: 1,
    });
  });

  it("says every problem at once", () => {
    expect(
      problemsOf({ amount: "-5", annualRatePercent: "100", months: "600", method: "x", graceMonths: "-1" }),
    ).toEqual({
      amount: "amountNotPositive",
      rate: "rateTooHigh",
      months: "monthsRange",
      method: "methodUnknown",
      grace: "graceFormat",
    });
  });
});
