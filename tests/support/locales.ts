/**
 * The locale files as tests read them: expected texts come from them, not from the test. Shared by the Playwright
 * specs and the Vitest integration tests (nothing here needs a browser).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

type Common = Record<string, Record<string, string>>;

const root = fileURLToPath(new URL("../..", import.meta.url));
const cache = new Map<string, Common>();

/**
 * All namespaces of a language in one object (each top-level group lives in one namespace), as a page should be
 * rendered from them.
 */
export function strings(lng: string): Common {
  let value = cache.get(lng);
  if (!value) {
    const dir = path.join(root, "locales", lng);
    value = Object.assign(
      {},
      ...fs
        .readdirSync(dir)
        .filter((file) => file.endsWith(".json"))
        .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Common),
    ) as Common;
    cache.set(lng, value);
  }
  return value;
}

/** The document title a page with this title key has in a language (app/root.tsx). */
export function pageTitle(lng: string, titleKey: string) {
  const s = strings(lng);
  const [group, key] = titleKey.split(".") as [string, string];
  return titleKey === "titles.main" ? s.app!.name! : `${s[group]![key]} | ${s.app!.name}`;
}
