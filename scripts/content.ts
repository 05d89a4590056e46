/**
 * npm run content -- import FILE.json
 *
 * Imports content (one JSON object whose keys each hold a list: the key of every content
 * kind of app/server/contentKinds.server.ts, which the usage lists; docs/content-import.md)
 * into the server's database (DATABASE_URL's, else the SQLite file of DATA_DIR),
 * also while the server runs (SQLite in WAL mode: each item is one short write
 * transaction, waiting up to the busy timeout for the server's). The whole file is
 * checked first: any error is printed with the key, the item and the field, nothing
 * is written, and the exit code is 1. Otherwise one line says what was created,
 * updated and left unchanged per key, and the exit code is 0; running the same file
 * again changes nothing.
 *
 * Bundled by esbuild to build/content.js (its own process: it may take app modules).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { duplicateNameErrors, importContent, importSummary, type ImportError } from "~/content/import.server";
import { i18nFor } from "~/i18n/instances.server";
import { loadConfig } from "~/infra/config.server";
import { CONTENT_KINDS } from "~/server/contentKinds.server";
import { openStores } from "~/server/storage.server";
import { translateFormMessage } from "~/lib/formMessage";
import { runCli } from "./cli";

const USAGE = [
  "usage: npm run content -- import FILE.json",
  `FILE.json is one JSON object whose keys each hold a list of items: ${CONTENT_KINDS.map((kind) => kind.key).join(", ")}.`,
  "Their formats: docs/content-import.md.",
].join("\n");

// The messages are the app's own (English): found beside this build (build/content.js → locales/), from any folder.
process.env.LOCALES_DIR ??= path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "locales");

async function main(args: string[]): Promise<number> {
  const [command, file, ...rest] = args;
  if (command !== "import" || !file || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    console.error(`cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    console.error(`${file} is not JSON: ${(error as Error).message}`);
    return 1;
  }
  const refused = async (errors: ImportError[]) => {
    // The import's own messages (admin), a benefit's or an offer's (benefit), a rate's (exchange), a corridor's
    // (remittance), a loan product's (loan), an extension kit's (visaFinder), then the forms' shared ones (common).
    const t = (await i18nFor("en")).getFixedT("en", [
      "admin",
      "benefit",
      "exchange",
      "remittance",
      "loan",
      "visaFinder",
    ]);
    const where = (e: ImportError) =>
      `${e.key || "(file)"}${e.item === null ? "" : `[${e.item}]`}${e.field ? `.${e.field}` : ""}`;
    for (const error of errors) console.error(`${where(error)}: ${translateFormMessage(t, error.message)}`);
    console.error(`${errors.length} error(s) in ${file}: nothing was imported.`);
    return 1;
  };
  // A name given twice in one object: JSON.parse kept the last; the file is refused before the stores are opened.
  const duplicates = duplicateNameErrors(text, json);
  if (duplicates.length > 0) return refused(duplicates);
  const config = loadConfig();
  const stores = await openStores(config);
  try {
    const result = await importContent(CONTENT_KINDS, stores, json, Date.now());
    if (!result.ok) return refused(result.errors);
    console.log(importSummary(result.counts));
    return 0;
  } finally {
    await stores.close();
  }
}

runCli(main);
