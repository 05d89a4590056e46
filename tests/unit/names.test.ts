/** Names as members type them in 19 languages: what is kept, what is removed, what is refused. */
import { describe, expect, it } from "vitest";
import { cleanName, nameProblem } from "~/members/names";

describe("cleanName", () => {
  it.each([
    ["  Tran   Thi\tB  ", "Tran Thi B"],
    // Bidirectional embeddings, overrides, isolates and marks: invisible, and able to reorder what is shown.
    ["\u202eKim\u202c", "Kim"],
    ["Ali\u2066 \u2069Khan", "Ali Khan"],
    ["\u200fأحمد\u200e", "أحمد"],
    // Zero-width spaces, word joiners, byte-order marks, soft hyphens.
    ["Nguy\u200bễn\u2060\ufeff", "Nguyễn"],
    ["Mo\u00adhammed", "Mohammed"],
    // Decomposed input is composed.
    ["Nguye\u0302\u0303n", "Nguyễn"],
    // Ideographic and no-break spaces are spaces.
    ["김\u3000민준", "김 민준"],
    ["Ana\u00a0Cruz", "Ana Cruz"],
  ])("%j → %j", (input, expected) => {
    expect(cleanName(input)).toBe(expected);
  });

  it("keeps joiners that shape a letter (Sinhala, Devanagari, Urdu) and drops stray ones", () => {
    const sinhala = "ශ්\u200dරී";
    expect(cleanName(sinhala)).toBe(sinhala);
    const urdu = "می\u200cخواهم";
    expect(cleanName(urdu)).toBe(urdu);
    expect(cleanName("\u200dAmal\u200c")).toBe("Amal");
    expect(cleanName("Am\u200d\u200d\u200dal")).toBe("Am\u200dal");
    expect(cleanName("Amal \u200d Perera")).toBe("Amal Perera");
  });
});

describe("nameProblem", () => {
  it("refuses a name that is only whitespace or invisible characters once cleaned", () => {
    for (const input of ["   ", "\t\n", "\u202e\u202c", "\u200b\u3000\u200b"]) {
      expect(nameProblem(cleanName(input))).toBe("nameBlank");
    }
  });

  it("refuses control characters and markup, and names past 50 characters", () => {
    expect(nameProblem(cleanName("Kim\u0007"))).toBe("nameCharacters");
    expect(nameProblem(cleanName("<b>Kim</b>"))).toBe("nameCharacters");
    expect(nameProblem(cleanName("\ue000Kim"))).toBe("nameCharacters");
    expect(nameProblem("가".repeat(50))).toBeNull();
    expect(nameProblem("가".repeat(51))).toBe("nameLength");
    // Counted as the member sees them: one emoji is one character.
    expect(nameProblem("😀".repeat(50))).toBeNull();
  });

  it("accepts names in every script the app speaks", () => {
    for (const name of [
      "Trần Thị Bình",
      "김민준",
      "Агнесса",
      "Айбек уулу",
      "ශ්‍රී ලංකා",
      "राम बहादुर",
      "محمد علی",
      "Жаргал",
      "သူဇာ",
      "សុខា",
      "李小龙",
      "山田 太郎",
    ]) {
      expect(nameProblem(cleanName(name))).toBeNull();
    }
  });
});
