/**
 * The content import (`npm run content -- import FILE.json`, scripts/content.ts):
 * a JSON file whose top-level keys each name a content kind (app/content/kind.server.ts;
 * the list of kinds is the composition root's, app/server/contentKinds.server.ts, and is
 * given to `importContent`), each holding a list of items.
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
import type { Stores } from "~/stores/stores";
import { auditNoteOf } from "./audit.server";
import { duplicateNames } from "./jsonNames.server";
import type { AnyContentKind, ContentKind } from "./kind.server";

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
export async function importContent(
  kinds: readonly AnyContentKind[],
  stores: Stores,
  file: unknown,
  at: number,
): Promise<ImportResult> {
  const errors: ImportError[] = [];
  const planned: { kind: ContentKind<unknown>; items: unknown[] }[] = [];
  if (!isObject(file)) {
    return { ok: false, errors: [{ key: "", item: null, field: "", message: "admin.problems.fileNotObject" }] };
  }
  const byKey = new Map(kinds.map((kind) => [kind.key, kind]));
  for (const key of Object.keys(file)) {
    if (!byKey.has(key)) errors.push({ key, item: null, field: "", message: "admin.problems.unknownKey" });
  }
  for (const kind of kinds) {
    if (!(kind.key in file)) continue;
    const list = file[kind.key];
    if (!Array.isArray(list)) {
      errors.push({ key: kind.key, item: null, field: "", message: "admin.problems.notAList" });
      continue;
    }
    const items: unknown[] = [];
    const seen = new Set<string>();
    list.forEach((raw, index) => {
      const parsed = kind.item.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          errors.push({
            key: kind.key,
            item: itemNameOf(raw, index),
            field: issue.path.join("."),
            message: issue.message,
          });
        }
        return;
      }
      const id = kind.idOf(parsed.data);
      if (seen.has(id)) {
        errors.push({ key: kind.key, item: id, field: "itemCd", message: "admin.problems.duplicateItem" });
        return;
      }
      seen.add(id);
      const problem = kind.check?.(parsed.data) ?? null;
      if (problem) {
        errors.push({ key: kind.key, item: id, field: "", message: problem });
        return;
      }
      items.push(parsed.data);
    });
    planned.push({ kind, items });
  }
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_ERRORS) };
  for (const { kind, items } of planned) {
    if (!kind.refusal) continue;
    for (const item of items) {
      const problem = await kind.refusal(stores, item, at);
      if (problem) errors.push({ key: kind.key, item: kind.idOf(item), field: "", message: problem });
    }
  }
  if (errors.length > 0) return { ok: false, errors: errors.slice(0, MAX_ERRORS) };

  const counts: ImportCounts = {};
  for (const { kind, items } of planned) {
    const count = (counts[kind.key] = { created: 0, updated: 0, unchanged: 0 });
    for (const item of items) {
      // Each change and its audit record are one transaction: an import killed half-way leaves no change
      // outside the log, and running the file again writes (and records) the rest.
      const outcome = await kind.apply(stores, item, at, auditNoteOf(kind, item, { kind: "import" }, at));
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
