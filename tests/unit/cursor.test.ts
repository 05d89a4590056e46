/** Paging cursors: a position goes in and comes out; anything we did not make comes out as null. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "~/stores/cursor.server";

const position = fc.record({
  createdAt: fc.maxSafeInteger(),
  id: fc.string({ minLength: 1, maxLength: 256, unit: "binary" }),
});

describe("paging cursors", () => {
  it("give back the position they were made from", () => {
    fc.assert(
      fc.property(position, (p) => {
        expect(decodeCursor("members", encodeCursor("members", p))).toEqual(p);
      }),
    );
  });

  it("are opaque: the id and the time cannot be read off them", () => {
    const cursor = encodeCursor("members", { createdAt: 1_764_000_000_000, id: "member-uid-1" });
    expect(cursor).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(cursor).not.toContain("member-uid-1");
    expect(cursor).not.toContain("1764000000000");
  });

  it("refuse any one character changed", () => {
    fc.assert(
      fc.property(position, fc.nat(), fc.constantFrom(..."AZaz09-_."), (p, at, replacement) => {
        const cursor = encodeCursor("members", p);
        const i = at % cursor.length;
        fc.pre(cursor[i] !== replacement);
        expect(decodeCursor("members", cursor.slice(0, i) + replacement + cursor.slice(i + 1))).toBeNull();
      }),
    );
  });

  it("refuse a cursor of another list, a truncated one and garbage", () => {
    const cursor = encodeCursor("members", { createdAt: 5, id: "a" });
    expect(decodeCursor("feeds", cursor)).toBeNull();
    for (const bad of ["", ".", "c1..", "c1.e30.", cursor.slice(0, -1), `${cursor}.x`, "x".repeat(600)]) {
      expect(decodeCursor("members", bad)).toBeNull();
    }
  });

  it("refuse well-made cursors around positions that are not ones (a forged checksum)", async () => {
    const { createHash } = await import("node:crypto");
    const forge = (value: unknown) => {
      const payload = Buffer.from(JSON.stringify(value)).toString("base64url");
      const sum = createHash("sha256").update(`c1\0members\0${payload}`).digest("base64url").slice(0, 16);
      return `c1.${payload}.${sum}`;
    };
    expect(decodeCursor("members", forge([5, "a"]))).toEqual({ createdAt: 5, id: "a" });
    for (const bad of [[1.5, "a"], ["5", "a"], [5, ""], [5, 7], [5], {}, null, [2 ** 60, "a"], [5, "x".repeat(257)]]) {
      expect(decodeCursor("members", forge(bad))).toBeNull();
    }
  });
});
