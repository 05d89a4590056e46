/**
 * The admin forms of benefits, offers and terms versions (decision 0066): each is
 * the content import's item schema (benefits/schemas.server.ts,
 * terms/termsKind.server.ts) behind a small adapter that turns a plain form's fields
 * into an item, and each change is written by the kind's own `apply` (or, for
 * a terms draft, the same store method) and recorded in the audit log as the admin's.
 *
 * A form's field names are the item's paths ("source.checkedOn",
 * "translations.vi.name"): the schema's messages land on the field that caused them,
 * and conform keeps everything typed. The adapter only does what a form cannot:
 * lists typed in one field (visas, phones, language codes), a language block left
 * wholly empty (not there), an empty optional group (no hours, no price), a
 * checkbox left unticked (false), and a terms text's sections written in one
 * textarea, each starting with a "## " heading line.
 */
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { requireAdmin } from "~/admin/admin.server";
import { benefitsKind } from "~/benefits/benefitsKind.server";
import { offersKind } from "~/benefits/offersKind.server";
import { auditNoteOf } from "~/content/audit.server";
import type { ContentKind } from "~/content/kind.server";
import { invalid, parseForm, PROBLEMS, readForm, refuse, type ProblemName } from "~/forms/form.server";
import { notFound } from "~/infra/http.server";
import { directionOf, supportedLanguages } from "~/i18n/config";
import { languageOf } from "~/i18n/i18next.server";
import { languageNames } from "~/i18n/languageChoice.server";
import { formatDate } from "~/lib/format";
import type { Services } from "~/context";
import type { AuditActor, Stores } from "~/stores/stores";
import type { TermsVersionHead } from "~/stores/terms";
import { statusOf, versionInForce } from "~/terms/documents";
import { termsVersionOf, termsKind, type TermsItem } from "~/terms/termsKind.server";

/** The language blocks of every admin form: Korean (the original) first, then the others in the picker's code order. */
export const adminLanguages = () =>
  ["ko" as const, ...supportedLanguages.filter((l) => l !== "ko")].map((code) => ({
    code,
    name: languageNames[code],
    dir: directionOf(code),
  }));

/** What the admin forms' loaders and actions use beside the session. */
export type ContentServices = Pick<Services, "stores">;

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw => typeof value === "object" && value !== null && !Array.isArray(value);
const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && !value.trim());

/** A list typed in one field, one per line or separated by spaces or commas. */
const words = (value: unknown) => (typeof value === "string" ? value.split(/[\s,]+/).filter(Boolean) : value);

/** The group, or nothing when every one of its fields is empty. */
const group = (value: unknown) => (isRecord(value) && Object.values(value).every(blank) ? undefined : value);

/**
 * The languages of a form with one block per language: a block left wholly empty is no translation, and an empty
 * field of a filled block is a missing one (its schema says whether it may be).
 */
function languageBlocks(value: unknown, adapt: (text: Raw) => Raw = (text) => text): unknown {
  if (!isRecord(value)) return value;
  const kept: Raw = {};
  for (const [language, text] of Object.entries(value)) {
    if (!isRecord(text)) {
      kept[language] = text;
      continue;
    }
    if (Object.values(text).every(blank)) continue;
    kept[language] = adapt(Object.fromEntries(Object.entries(text).filter(([, field]) => !blank(field))));
  }
  return kept;
}

/** The form's value as an item of the schema: applied before the schema (and conform's coercion of it) runs. */
function formOf(schema: z.ZodTypeAny, adapt: (raw: Raw) => Raw) {
  return z.preprocess((raw) => (isRecord(raw) ? adapt({ ...raw }) : raw), schema);
}

export const benefitFormSchema = formOf(benefitsKind.item, (raw) => {
  raw.visas = words(raw.visas);
  raw.regions = words(raw.regions);
  raw.phones = words(raw.phones);
  if (isRecord(raw.languages)) {
    const languages: Raw = { ...raw.languages, codes: words(raw.languages.codes) };
    // "About" alone says nothing: the group is there when it has a count or codes.
    const said = !blank(languages.count) || (Array.isArray(languages.codes) && languages.codes.length > 0);
    raw.languages = said ? languages : undefined;
  }
  if (isRecord(raw.hours)) {
    const { days, opens, closes } = raw.hours;
    raw.hours = blank(days) ? undefined : days === "always" ? { days } : { days, opens, closes };
  }
  raw.translations = languageBlocks(raw.translations);
  return raw;
});

export const offerFormSchema = formOf(offersKind.item, (raw) => {
  // A price left without a period is a price for once; the period alone is no price.
  if (isRecord(raw.priceKrw) && blank(raw.priceKrw.per)) raw.priceKrw = { ...raw.priceKrw, per: undefined };
  raw.priceKrw = group(raw.priceKrw);
  // The commission's three answers: yes, no, not known (left out).
  raw.commission = raw.commission === "yes" ? true : raw.commission === "no" ? false : undefined;
  raw.translations = languageBlocks(raw.translations);
  return raw;
});

/** A terms text's sections as the form writes them: each starts with a line "## heading", its body below. */
export function sectionsOf(text: string): { heading: string; body: string }[] {
  const sections: { heading: string; body: string }[] = [];
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    const heading = /^##[ \t]+(.*)$/.exec(line);
    if (heading) sections.push({ heading: heading[1]!, body: "" });
    else if (sections.length > 0) sections[sections.length - 1]!.body += `${line}\n`;
    // Words before the first heading: a section without one, which the schema refuses (its heading is required).
    else if (line.trim()) sections.push({ heading: "", body: `${line}\n` });
  }
  return sections;
}

/** The sections as the form shows them again. */
export const sectionsText = (sections: readonly { heading: string; body: string }[]) =>
  sections.map((s) => `## ${s.heading}\n${s.body}`).join("\n\n");

export const termsFormSchema = formOf(termsKind.item, (raw) => {
  raw.required = raw.required === "on";
  raw.translations = languageBlocks(raw.translations, (text) =>
    typeof text.sections === "string" ? { ...text, sections: sectionsOf(text.sections) } : text,
  );
  return raw;
});

/** What the importers' checks and refusals answer, as the form loop's problems. */
const CHECKS: Record<string, ProblemName> = {
  "errors.form.koreanOriginal": "koreanOriginal",
  "errors.form.termsNotRequirable": "termsNotRequirable",
  "errors.form.termsTextMissing": "termsTextMissing",
  "errors.form.termsInForce": "termsInForce",
};

function problemOf(message: string): ProblemName {
  const problem = CHECKS[message];
  if (!problem) throw new Error(`no form problem for the importer's ${message}`);
  return problem;
}

export type ContentSaved = { ok: true } | { ok: false; problem: ProblemName };

/**
 * Writes an item an admin sent as the import writes it (its check, its refusal, its `apply`), and records the change
 * as theirs in the same store transaction; an unchanged item records nothing.
 */
export async function saveContentItem<Item>(
  stores: Stores,
  kind: ContentKind<Item>,
  item: Item,
  actor: AuditActor,
  at: number,
): Promise<ContentSaved> {
  const problem = kind.check?.(item) ?? (await kind.refusal?.(stores, item, at)) ?? null;
  if (problem) return { ok: false, problem: problemOf(problem) };
  await kind.apply(stores, item, at, auditNoteOf(kind, item, actor, at));
  return { ok: true };
}

/**
 * Saves a terms version as a draft (or, published already, as it stands): the import's checks, the store's refusal
 * of a version in force; published only by `publishTermsVersion`.
 */
export async function saveTermsDraft(stores: Stores, item: TermsItem, actor: AuditActor, at: number) {
  const problem = termsKind.check?.(item) ?? (await termsKind.refusal?.(stores, item, at)) ?? null;
  if (problem) return { ok: false as const, problem: problemOf(problem) };
  const audit = auditNoteOf(termsKind, item, actor, at);
  const saved = await stores.terms.save(termsVersionOf(item), at, formatDate(at), audit);
  if (!saved.ok) return { ok: false as const, problem: "termsInForce" as const };
  return { ok: true as const };
}

/** The publish button's form on the terms list (a draft's document and version). */
export const termsPublishSchema = z.object({
  document: z.string().max(64),
  version: z.string().max(64),
  intent: z.literal("publish"),
});

/** Publishes a stored version (members see it at their next visit once it is in force); false when there is none. */
export async function publishTermsVersion(stores: Stores, document: string, version: string, actor: AuditActor) {
  const stored = await stores.terms.version(document, version);
  if (!stored) return false;
  const at = Date.now();
  const published = await stores.terms.publish(document, version, at, {
    actor,
    action: "publish",
    target: { kind: termsKind.audit.kind, id: `${document}@${version}` },
    summary: `${document}@${version} ${stored.texts.ko?.title ?? ""}`.trim(),
    at,
  });
  return published.ok;
}

/** Where a version stands for the admin: a draft, or where a published one stands on `today` (terms/documents.ts). */
export function termsStateOf(head: TermsVersionHead, heads: readonly TermsVersionHead[], today: string) {
  if (head.publishedAt === null) return "draft" as const;
  const status = statusOf(head, versionInForce(heads, head.document, today), today);
  return status === "upcoming" ? ("announced" as const) : status;
}

/**
 * The item an admin edit page's address names (`?itemCd=`, or the page's own `param`): null for a new one; an
 * unknown or malformed code is the 404 page.
 */
export async function editedItem<Item>(
  request: Request,
  find: (id: string) => Promise<Item | null>,
  wellFormed: (id: string) => boolean = () => true,
  param = "itemCd",
): Promise<Item | null> {
  const id = new URL(request.url).searchParams.get(param);
  if (id === null) return null;
  if (!wellFormed(id)) notFound(request);
  return (await find(id)) ?? notFound(request);
}

/**
 * An edit form's post read as an item, with the refusal of it (a taken code, the save's) that keeps what was
 * typed; or the reply that refuses the post as it is.
 */
export type FormRead<Item> =
  { ok: true; item: Item; refuse(problem: ProblemName, field?: string): Response } | { ok: false; reply: Response };

/** How an edit form's post is read; `id`: the edited item's, from its address, kept whatever the form says. */
export type FormReader<Item> = (
  args: { request: Request; context: AppLoadContext },
  id: string | null,
) => Promise<FormRead<Item>>;

/** A form of the item's own schema, drawn by conform and read by the form loop (parseForm). */
export function schemaForm<Schema extends z.ZodType<{ itemCd: string }, z.ZodTypeDef, unknown>>(
  schema: Schema,
): FormReader<z.output<Schema>> {
  return async (args, itemCd) => {
    const parsed = await parseForm(args, schema);
    if (parsed.refused) return { ok: false, reply: parsed.refused };
    const { submission } = parsed;
    if (submission.status !== "success") return { ok: false, reply: invalid(submission) };
    return {
      ok: true,
      item: { ...submission.value, itemCd: itemCd ?? submission.value.itemCd },
      refuse: (problem, field) => refuse(submission, problem, { field }),
    };
  };
}

/** What a plain form's own reading gives: the item, or each message by its field; what was typed either way. */
export type PlainFormResult<Item> = { values: Record<string, string | string[]> } & (
  { ok: true; item: Item } | { ok: false; errors: Record<string, string> }
);

/**
 * A form with fields of its own (the corridors' rows), read from the bounded body by `read`; a refusal answers
 * `{ values, errors }`, what was typed and each message by its field ("" for the form's own).
 */
export function plainForm<Item>(
  read: (formData: FormData, id: string | null) => PlainFormResult<Item>,
): FormReader<Item> {
  return async ({ request }, id) => {
    const result = read(await readForm(request), id);
    if (!result.ok)
      return { ok: false, reply: json({ values: result.values, errors: result.errors }, { status: 400 }) };
    const { values } = result;
    return {
      ok: true,
      item: result.item,
      refuse: (problem, field) => {
        const entry = PROBLEMS[problem];
        return json({ values, errors: { [field ?? entry.field]: entry.key } }, { status: entry.status });
      },
    };
  };
}

/** How an admin edit form of one kind of content item is found, read and written (editFormAction). */
export interface EditForm<Item, Stored> {
  /** The address's parameter naming a stored item: `itemCd` when not said. */
  param?: string;
  /** The stored item of a code, or null. */
  find(stores: Stores, id: string): Promise<Stored | null>;
  /** Codes that cannot name an item are the 404 page without a look in the store. */
  wellFormed?(id: string): boolean;
  read: FormReader<Item>;
  /** The code of an item the form sent. */
  idOf(item: Item): string;
  /** The refusal of a new item whose code is taken; left out, a new item of a stored code replaces it. */
  taken?: ProblemName;
  save(stores: Stores, item: Item, actor: AuditActor, at: number): Promise<ContentSaved>;
  /** The field a refusal of the save is shown at. */
  problemField?: string;
  /** The list the admin goes back to once it is saved. */
  list: string;
}

/**
 * An admin edit form's post: the admin is checked before a byte of the body is read (a raised maxBody streams it to
 * the route), the form read, an edited item's code kept from its address whatever the form says, a new item's code
 * refused when taken; then it is saved and the admin is back at the list.
 */
export async function editFormAction<Item, Stored>(
  args: { request: Request; context: AppLoadContext },
  form: EditForm<Item, Stored>,
) {
  const { request, context } = args;
  const admin = await requireAdmin(request, context.services);
  const { stores } = context.services;
  const param = form.param ?? "itemCd";
  const edited = await editedItem(request, (id) => form.find(stores, id), form.wellFormed, param);
  const read = await form.read(args, edited === null ? null : new URL(request.url).searchParams.get(param));
  if (!read.ok) return read.reply;
  const { item } = read;
  if (!edited && form.taken && (await form.find(stores, form.idOf(item)))) return read.refuse(form.taken);
  const saved = await form.save(stores, item, admin.actor, Date.now());
  if (!saved.ok) return read.refuse(saved.problem, form.problemField);
  return redirect(form.list);
}

/** One admin edit page of a content kind: how its stored item is found and shown, and how its form is written. */
export interface ContentEdit<Item, Stored, Fields, Extra> extends Omit<EditForm<Item, Stored>, "idOf" | "save"> {
  /** The stored item as the form's fields (the same names the form sends). */
  fieldsOf(stored: Stored): Fields;
  /** What else the page shows (its categories, its limits). */
  extra?: Extra;
  /** How an admin's item is written; the kind's own write (saveContentItem) when not said. */
  save?: EditForm<Item, Stored>["save"];
}

/**
 * The loader and the action of an admin edit page of `kind` (/admin/<list>/edit, `?itemCd=` for a stored item):
 * the loader checks the admin and gives the stored item as the form's fields, the languages and `extra`; the action
 * is editFormAction, written by the kind as the import writes it. Each page keeps its own component.
 */
export function contentEditRoute<Item, Stored, Fields, Extra extends Record<string, unknown> = Record<never, never>>(
  kind: ContentKind<Item>,
  edit: ContentEdit<Item, Stored, Fields, Extra>,
) {
  const form: EditForm<Item, Stored> = {
    ...edit,
    idOf: kind.idOf,
    save: edit.save ?? ((stores, item, actor, at) => saveContentItem(stores, kind, item, actor, at)),
  };
  return {
    async loader({ request, context }: { request: Request; context: AppLoadContext }) {
      await requireAdmin(request, context.services);
      const find = (id: string) => edit.find(context.services.stores, id);
      const stored = await editedItem(request, find, edit.wellFormed, edit.param);
      return json({
        fields: stored === null ? null : edit.fieldsOf(stored),
        languages: adminLanguages(),
        ...((edit.extra ?? {}) as Extra),
      });
    },
    action: (args: { request: Request; context: AppLoadContext }) => editFormAction(args, form),
  };
}

/**
 * The loader of an admin section's list: the admin checked, then each stored item as the page's row (`lng`: the
 * operator's language, for names such as a country's).
 */
export function adminListLoader<Stored, Row>(
  list: (stores: Stores) => Promise<readonly Stored[]>,
  rowOf: (item: Stored, lng: string) => Row,
) {
  return async ({ request, context }: { request: Request; context: AppLoadContext }) => {
    await requireAdmin(request, context.services);
    const [items, lng] = await Promise.all([list(context.services.stores), languageOf(request)]);
    return json({ items: items.map((item) => rowOf(item, lng)) });
  };
}
