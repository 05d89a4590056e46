import { describe, expect, it } from "vitest";
import { fetchBundle } from "~/i18n/fetchBundle";

function load(responses: Array<() => Promise<Response>>) {
  const asked: string[] = [];
  const loadBundle = fetchBundle((lng, ns) => `/locales/${lng}/${ns}.json`, {
    pauseMs: 1,
    fetchImpl: async (input) => {
      asked.push(String(input));
      const next = responses.shift();
      if (!next) throw new Error("no more responses");
      return next();
    },
  });
  return { asked, result: loadBundle("ko", "common") };
}

describe("the browser's namespace fetch", () => {
  it("loads the namespace of the language from the locale route", async () => {
    const { asked, result } = load([async () => Response.json({ app: { name: "케이라이프" } })]);
    await expect(result).resolves.toEqual({ app: { name: "케이라이프" } });
    expect(asked).toEqual(["/locales/ko/common.json"]);
  });

  it("tries network and server errors again, up to three times", async () => {
    const offline = async () => {
      throw new TypeError("Failed to fetch");
    };
    const recovered = load([
      offline,
      async () => new Response("", { status: 503 }),
      async () => Response.json({ a: "b" }),
    ]);
    await expect(recovered.result).resolves.toEqual({ a: "b" });
    expect(recovered.asked).toHaveLength(3);

    const down = load([offline, offline, offline, offline]);
    await expect(down.result).rejects.toThrow("Failed to fetch");
    expect(down.asked).toHaveLength(3);
  });

  it("does not repeat a refusal or a body that is not JSON", async () => {
    const missing = load([async () => new Response("", { status: 404 })]);
    await expect(missing.result).rejects.toThrow("404");
    expect(missing.asked).toHaveLength(1);
    const broken = load([async () => new Response("{not json")]);
    await expect(broken.result).rejects.toThrow();
    expect(broken.asked).toHaveLength(1);
  });
});
