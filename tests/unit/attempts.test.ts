/**
 * Who a sign-in or joining post is about, for the per-person limit: one number
 * however it is written, so nobody gets more tries by changing the spelling.
 */
import { describe, expect, it } from "vitest";
import { attemptCounter, attemptKey } from "~/forms/attempts.server";
import { memoryCounters } from "~/infra/memoryCounters.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("attemptKey", () => {
  it("counts one number however it is written, with its country or without", () => {
    const keys = [
      form({ phone: "010-1234-5678" }),
      form({ phone: "01012345678", country: "KR" }),
      form({ phone: "+82 10 1234 5678" }),
      form({ phone: "+821012345678", country: "VN" }),
      form({ phone: "０１０-１２３４-５６７８" }),
    ].map(attemptKey);
    expect(new Set(keys)).toEqual(new Set(["phone:+821012345678"]));
  });

  it("counts a national number of another country as that country's number", () => {
    expect(attemptKey(form({ phone: "090 123 4567", country: "VN" }))).toBe(
      attemptKey(form({ phone: "+84 90 123 4567" })),
    );
  });

  it("counts an ID in any case, and nothing for a form that names neither", () => {
    expect(attemptKey(form({ email: " Kim@Example.com " }))).toBe("id:kim@example.com");
    expect(attemptKey(form({ code: "123456" }))).toBeNull();
  });
});

describe("attemptCounter", () => {
  it("lets `limit` posts through per key, then says how many seconds are left in the window", async () => {
    const counters = memoryCounters();
    const attempts = attemptCounter(counters, { limit: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) expect(await attempts.hit("id:someone@example.com")).toBeNull();
    const wait = await attempts.hit("id:someone@example.com");
    expect(wait).toBeGreaterThanOrEqual(59);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await attempts.hit("id:other@example.com")).toBeNull();
    // Counted under keys of their own: the server's tiers on the same counters do not add to them.
    expect(await counters.increment("id:other@example.com", 60_000, Date.now())).toMatchObject({ totalHits: 1 });
  });
});
