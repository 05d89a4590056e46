import { describe, expect, it } from "vitest";
import { fetchBackend } from "~/i18n/fetchBackend";

function read(fetchImpl: typeof fetch) {
  const backend = fetchBackend((lng, ns) => `/locales/${lng}/${ns}.json`, fetchImpl);
  return new Promise<{ error: unknown; data: unknown }>((resolve) =>
    backend.read("ko", "common", (error, data) => resolve({ error, data })),
  );
}

describe("i18next fetch backend", () => {
  it("loads the namespace of the language from the locale route", async () => {
    const asked: string[] = [];
    const result = await read(async (input) => {
      asked.push(String(input));
      return Response.json({ app: { name: "케이라이프" } });
    });
    expect(asked).toEqual(["/locales/ko/common.json"]);
    expect(result).toEqual({ error: null, data: { app: { name: "케이라이프" } } });
  });

  it("asks i18next to retry network and server errors, not refusals", async () => {
    const offline = await read(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(offline.data).toBe(true);
    expect((await read(async () => new Response("", { status: 503 }))).data).toBe(true);
    const missing = await read(async () => new Response("", { status: 404 }));
    expect(missing.error).toBeInstanceOf(Error);
    expect(missing.data).toBe(false);
    expect((await read(async () => new Response("{not json"))).data).toBe(false);
  });
});
