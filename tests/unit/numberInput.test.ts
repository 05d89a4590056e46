/**
 * Numbers as members type them (issue 40): each language's groups and decimal mark read beside the app's own
 * style, garbage and overlong input refused by name, the amount said in words (ko, en, vi, and the myriad and
 * lakh languages), and live grouping that keeps the caret. parseAmount is the server's authority, so the cases
 * go through it as well as through the plain reader.
 */
import { describe, expect, it } from "vitest";
import { parseAmount, readDecimalInput } from "~/finance/money";
import { checkLoan } from "~/finance/loan";
import { amountInWords, canonicalNumber, groupDigits, numberHabit, readBack, regroupAsTyped } from "~/lib/numberInput";

const won = (text: string, lng: string) => {
  const parsed = parseAmount(text, "KRW", { lng });
  return parsed.ok ? parsed.value.minor : parsed.problem;
};
const cents = (text: string, lng: string) => {
  const parsed = parseAmount(text, "USD", { lng });
  return parsed.ok ? parsed.value.minor : parsed.problem;
};

describe("reading numbers in the member's habit", () => {
  it("knows which languages group with dots or spaces and write a decimal comma", () => {
    expect(["vi", "id", "tr"].map(numberHabit)).toEqual(["dot", "dot", "dot"]);
    expect(["ru", "ky", "uz"].map(numberHabit)).toEqual(["space", "space", "space"]);
    expect(["en", "ko", "ja", "zh-CN", "ur", "bn", "xx", undefined].map(numberHabit)).toEqual(Array(8).fill("comma"));
  });

  it("reads comma groups and a decimal point everywhere (the app's own style)", () => {
    for (const lng of ["en", "ko", "vi", "ru", "tr", "ur"]) {
      expect(won("1,000,000", lng), lng).toBe(1_000_000n);
      expect(cents("1,000,000.50", lng), lng).toBe(100_000_050n);
      expect(cents("25.50", lng), lng).toBe(2_550n);
      expect(won("1000000", lng), lng).toBe(1_000_000n);
    }
  });

  it("reads dot groups and a decimal comma in vi, id and tr", () => {
    for (const lng of ["vi", "id", "tr"]) {
      expect(won("1.000.000", lng), lng).toBe(1_000_000n);
      expect(won("1.000", lng), lng).toBe(1_000n);
      expect(cents("1.000.000,50", lng), lng).toBe(100_000_050n);
      expect(cents("5,5", lng), lng).toBe(550n);
      expect(cents("25,50", lng), lng).toBe(2_550n);
      // A whole amount of won with a decimal comma is refused by name, not misread.
      expect(won("5,5", lng), lng).toBe("amountDecimals");
    }
  });

  it("reads space groups (plain, no-break and narrow) and a decimal comma in ru, ky and uz", () => {
    for (const lng of ["ru", "ky", "uz"]) {
      expect(won("1 000 000", lng), lng).toBe(1_000_000n);
      expect(won("1\u00a0000\u00a0000", lng), lng).toBe(1_000_000n);
      expect(won("1\u202f000", lng), lng).toBe(1_000n);
      expect(cents("1 000 000,50", lng), lng).toBe(100_000_050n);
      expect(cents("5,5", lng), lng).toBe(550n);
      // Dots are not how these languages group: "1.000" stays one point zero zero zero.
      expect(cents("1.000", lng), lng).toBe(100n);
      expect(won("1.000.000", lng), lng).toBe("amountFormat");
    }
  });

  it("keeps English and Korean strict: no dot groups, no decimal comma", () => {
    for (const lng of ["en", "ko"]) {
      expect(won("1.000.000", lng), lng).toBe("amountFormat");
      expect(cents("5,5", lng), lng).toBe("amountFormat");
      expect(cents("1,50", lng), lng).toBe("amountFormat");
      expect(cents("1.000", lng), lng).toBe(100n);
      expect(won("1 000 000", lng), lng).toBe(1_000_000n);
    }
  });

  it("refuses garbage and mixed or broken groups in every language", () => {
    for (const lng of ["en", "ko", "vi", "ru"]) {
      for (const text of [
        "abc",
        "1e5",
        "0x10",
        "Infinity",
        "NaN",
        "1,,000",
        "1..0",
        "1,00,000",
        "1.000 000",
        ",5",
        "5,",
      ]) {
        expect(won(text, lng), `${lng} ${text}`).toBe("amountFormat");
      }
      expect(won("   ", lng)).toBe("amountRequired");
      expect(won("-1.000", lng)).toBe("amountNotPositive");
    }
    expect(won("1.000,000.5", "vi")).toBe("amountFormat");
  });

  it("refuses 10 000 digits as too large, in any habit, without reading them into a number", () => {
    for (const lng of ["en", "vi", "ru"]) {
      expect(won("9".repeat(10_000), lng), lng).toBe("amountTooLarge");
      expect(won(`1${".000".repeat(2_500)}`, lng), lng).toBe("amountTooLarge");
      expect(readDecimalInput("9".repeat(10_000), lng)).toEqual({ ok: false, problem: "tooLarge" });
    }
    expect(readBack("9".repeat(10_000), "en")).toEqual({ digits: 10_000 });
  });

  it("reads a rate's one dot or comma as its decimal mark (a rate is never grouped)", () => {
    expect(canonicalNumber("4,125", "vi", { groups: false })).toBe("4.125");
    expect(canonicalNumber("4.125", "vi", { groups: false })).toBe("4.125");
    expect(canonicalNumber("4,125", "vi")).toBe("4125");
    expect(canonicalNumber("4,5", "en", { groups: false })).toBeNull();
    const loan = (rate: string, lng: string) =>
      checkLoan({ amount: "1000000", annualRatePercent: rate, months: "12", method: "equalPayment", lng });
    expect(loan("4,5", "vi")).toMatchObject({ ok: true, value: { annualRatePercent: { units: 45n, scale: 1 } } });
    expect(loan("4,125", "ru")).toMatchObject({ ok: true, value: { annualRatePercent: { units: 4125n, scale: 3 } } });
    expect(loan("4,5", "en")).toMatchObject({ ok: false, problems: { rate: "rateFormat" } });
  });

  it("says back what it read, in the app's style", () => {
    expect(readBack("1.000.000,5", "vi")).toEqual({ value: "1,000,000.5" });
    expect(readBack("1 000 years", "ru")).toBeNull();
    expect(readBack("1 000", "ru")).toEqual({ value: "1,000" });
    expect(readBack("abc", "en")).toBeNull();
    expect(groupDigits("1234567.891")).toBe("1,234,567.891");
  });

  it("reads a term in years, refusing 0 and 1 000 years as years", () => {
    const term = (months: string, termUnit: string, lng = "en") =>
      checkLoan({ amount: "1000000", annualRatePercent: "5", months, method: "equalPayment", termUnit, lng });
    expect(term("30", "years")).toMatchObject({ ok: true, value: { months: 360 } });
    expect(term("0", "years")).toMatchObject({ ok: false, problems: { months: "yearsRange" } });
    expect(term("1 000", "years", "ru")).toMatchObject({ ok: false, problems: { months: "yearsRange" } });
    expect(term("1.000", "years", "vi")).toMatchObject({ ok: false, problems: { months: "yearsRange" } });
    expect(term("41", "years")).toMatchObject({ ok: false, problems: { months: "yearsRange" } });
    expect(term("480", "months")).toMatchObject({ ok: true, value: { months: 480 } });
    expect(term("480", "weeks")).toMatchObject({ ok: true, value: { months: 480 } });
  });
});

describe("digits of the members' own scripts", () => {
  it("reads Arabic-Indic, Urdu and Persian, Devanagari, Bengali and Myanmar digits as digits", () => {
    expect(won("١٬٠٠٠٬٠٠٠", "ur")).toBe(1_000_000n); // Arabic-Indic, with the Arabic thousands mark
    expect(won("۵۰۰۰۰", "ur")).toBe(50_000n); // Extended Arabic-Indic (Urdu, Persian)
    expect(won("۱,۲۳۴,۵۶۷", "en")).toBe(1_234_567n);
    expect(won("१,०००", "ne")).toBe(1_000n); // Devanagari
    expect(won("১০০০০", "bn")).toBe(10_000n); // Bengali
    expect(won("၁၀၀၀၀၀", "my")).toBe(100_000n); // Myanmar
    expect(cents("٢٥٫٥٠", "ur")).toBe(2_550n); // the Arabic decimal mark
    expect(cents("५.५", "ne")).toBe(550n);
    // The language's habit still holds: dot groups where Vietnamese writes them, in any digits.
    expect(won("١.٠٠٠.٠٠٠", "vi")).toBe(1_000_000n);
    expect(won("١.٠٠٠.٠٠٠", "en")).toBe("amountFormat");
  });

  it("says back what it read in them in the app's style, for the words echo and beside a refusal", () => {
    expect(canonicalNumber("١٬٠٠٠٬٠٠٠", "ur")).toBe("1000000");
    expect(canonicalNumber("၁၀၀", "my")).toBe("100");
    expect(readBack("۱۲۳۴۵۶۷۸۹۰۱۲۳۴۵۶۷۸", "ur")).toEqual({ value: "123,456,789,012,345,678" });
    expect(readBack("१२,३४५.६७८", "ne")).toEqual({ value: "12,345.678" });
    expect(amountInWords(canonicalNumber("१००००००", "ne"), "ne")).toBe("10 लाख");
    expect(amountInWords(canonicalNumber("১,০০০,০০০", "bn"), "en")).toBe("1 million");
    expect(amountInWords(canonicalNumber("１０００００００", "ko"), "ko")).toBe("1,000만");
  });

  it("refuses mixed garbage and said nothing was read; 10 000 such digits are too large", () => {
    expect(won("١٢a", "ur")).toBe("amountFormat");
    expect(readBack("١٢a", "ur")).toBeNull();
    expect(readBack("१,००,०००", "ne")).toBeNull(); // lakh groups are not read, as "1,00,000" is not
    expect(won("१,००,०००", "ne")).toBe("amountFormat");
    expect(won("٩".repeat(10_000), "ur")).toBe("amountTooLarge");
    expect(readBack("٩".repeat(10_000), "ur")).toEqual({ digits: 10_000 });
    expect(readBack("९".repeat(60), "ne")).toEqual({ digits: 60 });
  });
});

describe("the amount in words", () => {
  it("says Korean amounts exactly in 만, 억 and 조", () => {
    expect(amountInWords("10000000", "ko")).toBe("1,000만");
    expect(amountInWords("12345678", "ko")).toBe("1,234만 5,678");
    expect(amountInWords("150000000", "ko")).toBe("1억 5,000만");
    expect(amountInWords("10000000000000", "ko")).toBe("10조");
    expect(amountInWords("10000", "ko")).toBe("1만");
    expect(amountInWords("10000.50", "ko")).toBe("1만");
  });

  it("says English amounts in millions and billions, marked when rounded", () => {
    expect(amountInWords("10000000", "en")).toBe("10 million");
    expect(amountInWords("1500000000", "en")).toBe("1.5 billion");
    expect(amountInWords("12345678", "en")).toBe("≈ 12.35 million");
    expect(amountInWords("25000", "en")).toBe("25 thousand");
  });

  it("says Vietnamese amounts in triệu and tỷ with the app's decimal point", () => {
    expect(amountInWords("10000000", "vi")).toBe("10 triệu");
    expect(amountInWords("1500000000", "vi")).toBe("1.5 tỷ");
    expect(amountInWords("12345678", "vi")).toBe("≈ 12.35 triệu");
  });

  it("uses each language's own large units: 万 and 億, lakh and crore", () => {
    expect(amountInWords("12345678", "ja")).toBe("1,234万5,678");
    expect(amountInWords("150000000", "zh-CN")).toBe("1亿5,000万");
    expect(amountInWords("1000000", "ne")).toBe("10 लाख");
    expect(amountInWords("10000000", "ne")).toBe("1 करोड");
    expect(amountInWords("10000000", "bn")).toBe("1 কোটি");
  });

  it("says nothing below 10,000 or for what is not an amount", () => {
    expect(amountInWords("9999", "en")).toBeNull();
    expect(amountInWords(null, "ko")).toBeNull();
    expect(amountInWords("-10000", "en")).toBeNull();
    expect(amountInWords(canonicalNumber("1.000.000", "vi"), "vi")).toBe("1 triệu");
  });
});

describe("grouping as the member types", () => {
  it("regroups digits with commas and keeps the caret after the same digit", () => {
    expect(regroupAsTyped("1000", 4)).toEqual({ value: "1,000", caret: 5 });
    expect(regroupAsTyped("1,0000", 6)).toEqual({ value: "10,000", caret: 6 });
    expect(regroupAsTyped("10000", 2)).toEqual({ value: "10,000", caret: 2 });
    expect(regroupAsTyped("10000", 3)).toEqual({ value: "10,000", caret: 4 });
    expect(regroupAsTyped("1234.5", 6)).toEqual({ value: "1,234.5", caret: 7 });
    expect(regroupAsTyped("1,000,00", 8)).toEqual({ value: "100,000", caret: 7 });
  });

  it("leaves a member's own dots, spaces and decimal comma as typed", () => {
    expect(regroupAsTyped("1.000.000", 9, "vi")).toBeNull();
    expect(regroupAsTyped("1 000", 5, "ru")).toBeNull();
    expect(regroupAsTyped("5,5", 3, "vi")).toBeNull();
    expect(regroupAsTyped("5,50", 4, "ru")).toBeNull();
    expect(regroupAsTyped("25.5", 4, "tr")).toBeNull();
    // Commas that can only be groups are regrouped in those languages too.
    expect(regroupAsTyped("1,0000", 6, "vi")).toEqual({ value: "10,000", caret: 6 });
    expect(regroupAsTyped("1000000", 7, "ru")).toEqual({ value: "1,000,000", caret: 9 });
    // In English a comma is only ever a group.
    expect(regroupAsTyped("5,5", 3, "en")).toEqual({ value: "55", caret: 2 });
  });
});
