/**
 * The content import (`npm run content -- import FILE.json`, scripts/content.ts):
 * a JSON file whose top-level keys each name an importer ("notices", "benefits",
 * "offers", "terms": the registry below), each holding a list of items.
 *
 * The whole file is judged before anything is written: an unknown key, an item its
 * schema refuses, an item code twice in one key, or a cross check (`check`) that
 * fails is an error naming the key, the item (its code, else its place) and the
 * field; so is an item what is stored refuses (`refusal`: a change to a terms
 * version members agreed to); one error and nothing is written. Then every item is applied in the
 * file's order, and each one created or updated is recorded in the audit log as
 * the import's, in the same store transaction as its change (decision 0082). Items are applied one by one, not in one transaction: the stores
 * are async interfaces with no transaction across calls (decision 0021). That is
 * safe because each apply is one store transaction that writes only what differs
 * ("unchanged" otherwise): an import cut short leaves whole items, and running it
 * again finishes it without changing what was done (decision 0054).
 */
import type { z } from "zod";
import { benefitsImporter, offersImporter } from "~/benefits/importers.server";
import { corridorsImporter } from "~/finance/corridors.server";
import { ratesImporter } from "~/finance/rates.server";
import { loanProductsImporter } from "~/finance/loanProducts.server";
import { noticesImporter } from "~/notices/notices.server";
import type { AuditActor, AuditNote, Stores } from "~/stores/stores";
import { termsImporter } from "~/terms/importer.server";
import { duplicateNames } from "./jsonNames.server";

/** One key of the import file: its items' format, identity and how one is written. */
export interface ContentImporter<Item> {
  /** The top-level key of the import file: "notices", "benefits", "offers", "terms". */
  key: string;
  /** One item of that key's list: validated whole before anything is written. */
  item: z.ZodType<Item>;
  /** The item's identity in the file, unique within the key (itemCd), used in error messages and idempotence. */
  idOf(item: Item): string;
  /** Checks across items that the schema cannot (e.g. a Korean original present). null when fine, else a message key. */
  check?(item: Item): string | null;
  /**
   * What the stored content refuses of the item (a change to a terms version in force): read for every item
   * before anything is written, so such a file is refused whole. null when fine, else a message key.
   */
  refusal?(stores: Stores, item: Item, at: number): Promise<string | null>;
  /**
   * Writes one item if it differs from what is stored (same content → "unchanged": running an import twice changes
   * nothing), with `audit`'s record in the same store transaction as the change (none without it: the shipped
   * content written at start is not anyone's change).
   */
  apply(stores: Stores, item: Item, at: number, audit?: AuditNote): Promise<"created" | "updated" | "unchanged">;
  /** How the audit log names a changed item: its kind ("notice", "benefit", …) and a short line (its Korean title). */
  audit: { kind: string; summaryOf(item: Item): string };
}

/** The audit record of `actor`'s change of an item, for the store to write with the change (AuditNote). */
export const auditNoteOf = <Item>(
  importer: ContentImporter<Item>,
  item: Item,
  actor: AuditActor,
  at: number,
): AuditNote => ({
  actor,
  target: { kind: importer.audit.kind, id: importer.idOf(item) },
  summary: importer.audit.summaryOf(item),
  at,
});

/** Every importer, by the key it reads, in the order their keys are applied. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each importer has its own item type
export const contentImporters: readonly ContentImporter<any>[] = [
  noticesImporter,
  benefitsImporter,
  offersImporter,
  termsImporter,
  ratesImporter,
  corridorsImporter,
  loanProductsImporter,
];

/** One problem of the file: where (key, item, field path) and a message key with its values (lib/formMessage.ts). */
export interface ImportError {
  key: string;
  /** The item's code, else `#index` (its place in the list, from 0); null for the key itself. */
  item: string | null;
  /** The field, as a dotted path inside the item ("translations.ko.title"); "" for the whole item. */
  field: string;
  message: string;
}

export type ImportCounts = Record<string, { created: number; updated: number; unchanged: number }>;

export type ImportResult = { ok: true; counts: ImportCounts } | { ok: false; errors: ImportError[] };

/** At most this many errors are reported (a file that is wrong throughout says so without flooding). */
const MAX_ERRORS = 200;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An item named in an error: its code when it has a plausible one (printed as it is), else its place in the list. */
const itemNameOf = (raw: unknown, index: number) =>
  isObject(raw) && typeof raw.itemCd === "string" && /^[\w-]{1,64}$/.test(raw.itemCd) ? raw.itemCd : `#${index}`;

/**
 * The names the file's text gives twice in one object (jsonNames.server.ts), as errors at the key, item and field
 * holding them: JSON.parse would keep only the last, so the file is refused whole, naming each.
 */
export function duplicateNameErrors(text: string, file: unknown): ImportError[] {
  return duplicateNames(text)
    .slice(0, MAX_ERRORS)
    .map((path) => {
      const message = "admin.problems.duplicateName";
      const [key, index, ...rest] = path;
      if (path.length === 1) return { key: String(key), item: null, field: "", message };
      if (typeof index !== "number")
        return { key: String(key), item: null, field: [index, ...rest].join("."), message };
      const list = isObject(file) ? file[String(key)] : undefined;
      const item = itemNameOf(Array.isArray(list) ? list[index] : undefined, index);
      return { key: String(key), item, field: rest.join("."), message };
    });
}

/** Judges the whole file; applies it only when nothing is wrong. */
export async function importContent(stores: Stores, file: unknown, at: number): Promise<ImportResult> {
  const errors: ImportError[] = [];
  const planned: { importer: ContentImporter<unknown>; items: unknown[] }[] = [];
  if (!isObject(file)) {
    return { ok: false, errors: [{ key: "", item: null, field: "", message: "admin.problems.fileNotObject" }] };
  }
  const byKey = new Map(contentImporters.map((importer) => [importer.key, importer]));
  for (const key of Object.keys(file)) {
    if (!byKey.has(key)) errors.push({ key, item: null, field: "", message: "admin.problems.unknownKey" });
  }
  for (const importer of contentImporters) {
    if (!(importer.key in file)) continue;
    const list = file[importer.key];
    if (!Array.isArray(list)) {
      errors.push({ key: importer.key, item: null, field: "", message: "admin.problems.notAList" });
      continue;
    }
    const items: unknown[] = [];
    const seen = new Set<string>();
    list.forEach((raw, index) => {
      const parsed = importer.item.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          errors.push({
            key: importer.key,
            item: itemNameOf(raw, index),
            field: issue.path.join("."),
            message: issue.message,
          });
        }
        return;
      }
      const id = importer.idOf(parsed.data);
      if (seen.has(id)) {
        errors.push({ key: importer.key, item: id, field: "itemCd", message: "admin.problems.duplicateItem" });
        return;
      }
      seen.add(id);
      const problem = importer.check?.(parsed.data) ?? null;
      if (problem) {
        errors.push({ key: importer.key, item: id, field: "", message: problem });
        return;
      }
      items.push(parsed.data);
    });
    planned.push({ importer, items });
  }
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_ERRORS) };
  for (const { importer, items } of planned) {
    if (!importer.refusal) continue;
    for (const item of items) {
      const problem = await importer.refusal(stores, item, at);
      if (problem) errors.push({ key: importer.key, item: importer.idOf(item), field: "", message: problem });
    }
  }
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_ERRORS) };

  const counts: ImportCounts = {};
  for (const { importer, items } of planned) {
    const count = (counts[importer.key] = { created: 0, updated: 0, unchanged: 0 });
    for (const item of items) {
      // Each change and its audit record are one transaction: an import killed half-way leaves no change
      // outside the log, and running the file again writes (and records) the rest.
      const outcome = await importer.apply(stores, item, at, auditNoteOf(importer, item, { kind: "import" }, at));
      count[outcome] += 1;
    }
  }
  return { ok: true, counts };
}

/** The one line a successful import prints: created/updated/unchanged per key. */
export function importSummary(counts: ImportCounts): string {
  const parts = Object.entries(counts).map(
    ([key, c]) => `${key}: ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged`,
  );
  return parts.length > 0 ? `imported ${parts.join("; ")}` : "imported nothing (the file names no content)";
}
