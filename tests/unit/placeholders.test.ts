/**
 * The shared statement texts' placeholders numbered for PostgreSQL (app/infra/rows/placeholders.server.ts): every `?`
 * in order, none inside a quoted literal, identifier or comment; a text of PostgreSQL's own refused.
 */
import { describe, expect, it } from "vitest";
import { numbered, numberedAll } from "~/infra/rows/placeholders.server";

describe("numbered", () => {
  it("numbers every placeholder in order", () => {
    expect(numbered("SELECT a FROM t WHERE (b, c) > (?, ?) ORDER BY b LIMIT ?")).toBe(
      "SELECT a FROM t WHERE (b, c) > ($1, $2) ORDER BY b LIMIT $3",
    );
    expect(numbered("INSERT INTO t (a, b) VALUES (?,?)")).toBe("INSERT INTO t (a, b) VALUES ($1,$2)");
    expect(numbered("DELETE FROM t")).toBe("DELETE FROM t");
    const many = Array.from({ length: 12 }, () => "?").join(", ");
    expect(numbered(`VALUES (${many})`)).toBe(
      `VALUES (${Array.from({ length: 12 }, (_, i) => `$${i + 1}`).join(", ")})`,
    );
  });

  it("leaves a ? inside a quoted literal, a quoted identifier or a comment", () => {
    expect(numbered("SELECT 'why?' AS \"a?\", ? FROM t WHERE x = 'it''s ?' AND y = ?")).toBe(
      "SELECT 'why?' AS \"a?\", $1 FROM t WHERE x = 'it''s ?' AND y = $2",
    );
    expect(numbered("SELECT ? -- and ?\nFROM t WHERE a = ?")).toBe("SELECT $1 -- and ?\nFROM t WHERE a = $2");
  });

  it("refuses a text already numbered, or with an unclosed quote", () => {
    expect(() => numbered("SELECT a FROM t WHERE b = $1")).toThrow(/not \$/);
    expect(() => numbered("SELECT 'a FROM t WHERE b = ?")).toThrow(/unclosed/);
  });

  it("numbers a group's every text", () => {
    expect(numberedAll({ one: "SELECT ?", two: "UPDATE t SET a = ? WHERE b = ?" })).toEqual({
      one: "SELECT $1",
      two: "UPDATE t SET a = $1 WHERE b = $2",
    });
  });
});
