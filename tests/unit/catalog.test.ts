/**
 * The pages' catalog (app/i18n/catalog.ts) against i18next, the server's translator:
 * every string of every namespace in every language, with its placeholders filled,
 * must read the same through both, or a page's words would differ from the words
 * its loader, its e-mails and its texts use. The locale files may use only what the
 * catalog reads.
 */
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { Catalog, type Bundle } from "~/i18n/catalog";
import { namespaces, supportedLanguages } from "~/i18n/config";
import { i18nOptions } from "~/i18n/i18n";
import { catalogFor, i18nFor } from "~/i18n/instances.server";
import { allResources } from "~/i18n/resources.server";

function leaves(value: unknown, prefix = ""): Array<[string, string]> {
  return Object.entries(value as Bundle).flatMap(([key, child]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return child && typeof child === "object" ? leaves(child, name) : [[name, String(child)] as [string, string]];
  });
}

/** Values for every placeholder of a text: distinct, and including a number where `count` is asked. */
function valuesFor(text: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [, name] of text.matchAll(/{{(.+?)}}/g)) values[name!.trim()] = name === "count" ? 3 : `‹${name!.trim()}›`;
  return values;
}

describe("the pages' catalog reads like i18next", () => {
  it.each(supportedLanguages)("every string of every namespace in %s", async (lng) => {
    const i18n = await i18nFor(lng);
    const catalog = catalogFor(lng);
    let compared = 0;
    for (const ns of namespaces) {
      const serverT = i18n.getFixedT(lng, ns);
      for (const [key, text] of leaves(allResources()[lng]![ns])) {
        const values = valuesFor(text);
        expect(catalog.t([ns], key, values), `${lng} ${ns}:${key}`).toBe(serverT(key, values));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it("falls back from the page's namespaces, in order, to common, and answers an unknown key with the key", async () => {
    const i18n = await i18nFor("vi");
    const catalog = catalogFor("vi");
    const serverT = i18n.getFixedT("vi", ["signup", "auth"]);
    for (const key of ["login.sendCode", "signup.next", "titles.findVisa", "no.such.key"]) {
      expect(catalog.t(["signup", "auth"], key)).toBe(serverT(key));
    }
    expect(catalog.t(["signup"], "no.such.key")).toBe("no.such.key");
  });

  it("chooses plural forms as i18next does, `_zero` first for 0", async () => {
    const bundle = {
      items_zero: "none",
      items_one: "{{count}} item",
      items_other: "{{count}} items",
      plain: "{{count}} x",
    };
    for (const lng of ["en", "ru", "ko"]) {
      const i18n = createInstance();
      await i18n.init({
        ...i18nOptions,
        lng,
        ns: ["common"],
        resources: { [lng]: { common: bundle } },
        initImmediate: false,
      });
      const catalog = new Catalog(lng, { common: bundle });
      for (const count of [0, 1, 2, 5, 21]) {
        for (const key of ["items", "plain"])
          expect(catalog.t(["common"], key, { count })).toBe(i18n.t(key, { count }));
      }
    }
  });

  it("leaves a missing value empty, fills nested values and does not escape (React does)", () => {
    const catalog = new Catalog("en", { common: { a: "<{{who.name}}> {{missing}}!" } });
    expect(catalog.t(["common"], "a", { who: { name: "<b>Ann</b>" } })).toBe("<<b>Ann</b>> !");
  });
});

describe("the locale files use only what the catalog reads", () => {
  it.each(supportedLanguages)("%s: plain {{name}} placeholders, no nesting, formats or unescaped values", (lng) => {
    for (const ns of namespaces) {
      for (const [key, text] of leaves(allResources()[lng]![ns])) {
        const where = `${lng} ${ns}:${key}`;
        expect(text.includes("$t("), where).toBe(false);
        for (const [placeholder] of text.matchAll(/{{.*?}}/g))
          expect(placeholder, where).toMatch(/^{{\s*[A-Za-z][\w.]*\s*}}$/);
      }
    }
  });
});

describe("loading a namespace a later page needs", () => {
  it("loads each namespace once however many components wait for it", async () => {
    const asked: string[] = [];
    const catalog = new Catalog("ko", { common: {} }, async (lng, ns) => {
      asked.push(`${lng}/${ns}`);
      return { greeting: "안녕하세요" };
    });
    await Promise.all([catalog.load(["home"]), catalog.load(["home", "common"]), catalog.load(["home"])]);
    expect(asked).toEqual(["ko/home"]);
    expect(catalog.has(["home", "common"])).toBe(true);
    expect(catalog.t(["home"], "greeting")).toBe("안녕하세요");
  });

  it("renders keys rather than waiting for ever when a namespace cannot be loaded, and tries again on the next load", async () => {
    let fail = true;
    const catalog = new Catalog("ko", { common: {} }, async () => {
      if (fail) throw new Error("offline");
      return { greeting: "안녕하세요" };
    });
    await catalog.load(["home"]);
    expect(catalog.has(["home"])).toBe(true);
    expect(catalog.t(["home"], "greeting")).toBe("greeting");
    fail = false;
    await catalog.load(["home"]);
    expect(catalog.t(["home"], "greeting")).toBe("안녕하세요");
  });
});
