/**
 * The glossaries, locales/{lng}/GLOSSARY.md: one table per language of the key terms
 * (term id, English, the word in that language, the locale keys where it is used, a
 * note). Every language lists the same term ids as English, and every key a row
 * cites exists and still contains that row's word (ignoring case), so the glossary
 * and the strings cannot drift apart: changing a cited string to another word, or
 * the glossary's word without the strings, fails here.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { supportedLanguages } from "~/i18n/config";

const localesDir = path.resolve(__dirname, "../../locales");

interface GlossaryRow {
  id: string;
  english: string;
  word: string;
  keys: string[];
}

/** The rows of the glossary's table: lines that start with `|`, after the header and its `| --- |` line. */
function parseGlossary(markdown: string): GlossaryRow[] {
  const lines = markdown.split("\n").filter((line) => line.trim().startsWith("|"));
  return lines.slice(2).map((line) => {
    const cells = line
      .trim()
      .replace(/^\||\|$/g, "")
      .split("|")
      .map((cell) => cell.trim());
    const [id = "", english = "", word = "", where = ""] = cells;
    return {
      id: id.replace(/`/g, ""),
      english,
      word,
      keys: [...where.matchAll(/`([^`]+)`/g)].map((m) => m[1]!),
    };
  });
}

function readGlossary(lng: string) {
  return parseGlossary(fs.readFileSync(path.join(localesDir, lng, "GLOSSARY.md"), "utf8"));
}

function flatten(value: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === "object") flatten(child, name, out);
    else out.set(name, String(child));
  }
  return out;
}

/** Every string of a language, keyed `namespace:key.path` as the glossaries cite them. */
function stringsOf(lng: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of fs.readdirSync(path.join(localesDir, lng)).filter((f) => f.endsWith(".json"))) {
    const ns = file.slice(0, -".json".length);
    const values = flatten(JSON.parse(fs.readFileSync(path.join(localesDir, lng, file), "utf8")));
    for (const [key, value] of values) out.set(`${ns}:${key}`, value);
  }
  return out;
}

const fold = (text: string) => text.normalize("NFC").toLocaleLowerCase();

/** "term id: key" for every cited key that is missing or no longer contains the row's word. */
function drift(rows: GlossaryRow[], strings: Map<string, string>): string[] {
  return rows.flatMap((row) =>
    row.keys
      .filter((key) => {
        const value = strings.get(key);
        return value === undefined || !fold(value).includes(fold(row.word));
      })
      .map(
        (key) => `${row.id}: ${key} (${JSON.stringify(strings.get(key) ?? null)} lacks ${JSON.stringify(row.word)})`,
      ),
  );
}

const english = readGlossary("en");

describe("glossaries", () => {
  it("English lists the key terms once each, each with a word", () => {
    const ids = english.map((row) => row.id);
    expect(ids.length).toBeGreaterThanOrEqual(25);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [
      "sign-up",
      "verification-code",
      "inbox",
      "visa",
      "status-of-stay",
      "withdrawal",
      "residence-card",
    ]) {
      expect(ids).toContain(id);
    }
    for (const row of english) expect(row.id, JSON.stringify(row)).toMatch(/^[a-z][a-z-]*$/);
  });

  it.each([...supportedLanguages])("%s has the same term ids as English, in order, each with its word", (lng) => {
    const rows = readGlossary(lng);
    expect(rows.map((row) => row.id)).toEqual(english.map((row) => row.id));
    expect(rows.map((row) => row.english)).toEqual(english.map((row) => row.english));
    for (const row of rows) expect(row.word, row.id).not.toBe("");
  });

  it.each([...supportedLanguages])("in %s, the community's and the stay's terms are each cited", (lng) => {
    const rows = readGlossary(lng);
    for (const id of ["post", "comment", "like", "report", "stay-extension", "residence-card"]) {
      const row = rows.find((r) => r.id === id);
      expect(row, id).toBeDefined();
      expect(row!.keys.length, `${lng} ${id}`).toBeGreaterThan(0);
    }
    // "feed" is not a word of the app: the community's list is "All posts".
    expect(rows.map((row) => row.id)).not.toContain("feed");
  });

  it.each([...supportedLanguages])("in %s, every cited string contains the glossary's word", (lng) => {
    const rows = readGlossary(lng);
    expect(rows.some((row) => row.keys.length > 0)).toBe(true);
    expect(drift(rows, stringsOf(lng))).toEqual([]);
  });

  it("catches a cited string that says another word", () => {
    const rows = readGlossary("ko");
    const strings = stringsOf("ko");
    expect(drift(rows, strings)).toEqual([]);
    strings.set("common:titles.inbox", "받은편지함");
    expect(drift(rows, strings)).toEqual([expect.stringMatching(/^inbox: common:titles\.inbox /)]);
    strings.delete("common:tabs.noti");
    expect(drift(rows, strings)).toHaveLength(2);
  });
});

/**
 * Korean written as a form letter: a particle with its alternative in brackets (`와(과)`, `(으)로`, `을(를)`,
 * `은(는)`, `이(가)`) after a value. A Korean product rephrases so that no particle follows the value.
 */
const PARTICLE_ALTERNATIVE = /와\(과\)|과\(와\)|\(으\)로|을\(를\)|를\(을\)|은\(는\)|는\(은\)|이\(가\)|가\(이\)/;
const particleAlternatives = (strings: Map<string, string>) =>
  [...strings].filter(([, text]) => PARTICLE_ALTERNATIVE.test(text)).map(([key]) => key);

describe("Korean strings", () => {
  it("use no particle with its alternative in brackets", () => {
    expect(particleAlternatives(stringsOf("ko"))).toEqual([]);
  });

  it("catch one that does", () => {
    const strings = new Map([["sso:partners.revoked", "{{partner}}와(과)의 연결을 끊었어요"]]);
    expect(particleAlternatives(strings)).toEqual(["sso:partners.revoked"]);
  });
});
