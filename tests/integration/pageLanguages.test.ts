/**
 * Every public page in all 19 languages, server-rendered by the real build (build/index.js through Remix's request
 * handler, in-process): the status it should have, the right `<title>`, `<html lang>` and `dir`, and no script from
 * another origin. The browser checks en, ko and ur the same way and adds what only a browser sees (console errors,
 * hydration): tests/e2e/routes.spec.ts, docs/decisions/0051.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { Window } from "happy-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportedLanguages } from "~/i18n/config";
import { pageTitle } from "../support/locales";
import { publicPages } from "../support/publicPages";
import { createTestServices, loadContext } from "../support/services";

const root = path.resolve(__dirname, "../..");
const ORIGIN = "http://127.0.0.1";
const HUMAN =
  "Mozilla/5.0 (Linux; Android 13; SM-A146P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Mobile Safari/537.36";

const services = createTestServices();
let handle: ReturnType<typeof createRequestHandler>;
// Parses documents only: no script of the page runs, nothing is fetched.
const window = new Window({
  url: ORIGIN,
  settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
});

beforeAll(async () => {
  const build = (await import(pathToFileURL(path.join(root, "build/index.js")).href)) as ServerBuild;
  handle = createRequestHandler(build, "production");
});
afterAll(async () => {
  await window.happyDOM.close();
  await services.cleanup();
});

/** A page as a visitor's phone asks for it, from this machine (the outbox answers only there). */
async function fetchPage(target: string) {
  const request = new Request(new URL(target, ORIGIN), { headers: { "User-Agent": HUMAN } });
  const response = await handle(request, { ...loadContext(services), fromThisMachine: true });
  const document = new window.DOMParser().parseFromString(await response.text(), "text/html");
  return { response, document };
}

describe.each(supportedLanguages)("every public page in %s", (lng) => {
  it("answers with its status, its title, and the language's lang and dir, with scripts of its own origin only", async () => {
    const problems: string[] = [];
    for (const page of publicPages) {
      const { response, document } = await fetchPage(`${page.path}?lng=${lng}`);
      const html = document.documentElement;
      const found = {
        status: response.status,
        location: response.headers.get("Location"),
        title: document.title,
        lang: html.getAttribute("lang"),
        dir: html.getAttribute("dir"),
      };
      const expected = {
        status: page.status,
        location: null,
        title: pageTitle(lng, page.title),
        lang: lng,
        dir: lng === "ur" ? "rtl" : "ltr",
      };
      expect(found, page.path).toEqual(expected);
      const sources = [
        ...[...document.querySelectorAll("script[src]")].map((script) => script.getAttribute("src")!),
        ...[...document.querySelectorAll("link[rel=modulepreload]")].map((link) => link.getAttribute("href")!),
      ];
      for (const src of sources) {
        if (new URL(src, ORIGIN).origin !== ORIGIN) problems.push(`third-party script on ${page.path}: ${src}`);
      }
      if (sources.length === 0) problems.push(`${page.path}: no script of its own either (is this the built app?)`);
    }
    expect(problems).toEqual([]);
  });
});
