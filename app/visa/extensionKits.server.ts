/**
 * Extension kits (app/stores/extensionKits.ts, decision 0105): their format as the content import and the admin
 * forms read it (the kind and its shipped kits: extensionKitsKind.server.ts), how a sub-type's kit is made of its
 * status's, and what /member/findVisa/{code} shows of it. Its own messages are `extensionContent.*` of the
 * `visaFinder` namespace.
 *
 * Refused whole, naming the item and the field: a kit for no status of the catalogue, a sub-type that is not one
 * of its status's, a document neither of the vocabulary nor with a Korean name, a fee that is not a whole number
 * of won, a source without the day it was checked, a part that names no source of the kit and is not marked
 * unverified.
 */
import { z } from "zod";
import type { Services } from "~/context";
import { textIn } from "~/content/texts.server";
import { date, itemCd, link, object, order, text, translations, types } from "~/content/schemas.server";
import { i18nFor } from "~/i18n/instances.server";
import { formatNumber } from "~/lib/format";
import type {
  ExtensionKit,
  ExtensionKitContent,
  ExtensionKitText,
  Extendable,
  Instead,
  KitDocument,
  KitParts,
  KitSource,
} from "~/stores/extensionKits";
import { statusOfVisa, visaStatus } from "./catalogue";
import { EXTENSION_DOCUMENTS, isExtensionDocument } from "./extensionDocuments";

const INVALID = "extensionContent.invalid";
const wholeWon = z
  .number({ required_error: "errors.form.required", invalid_type_error: "extensionContent.fee" })
  .int("extensionContent.fee")
  .min(0, "extensionContent.fee")
  .max(10_000_000, "extensionContent.fee");
const count = (max: number) => z.number(types).int(INVALID).min(1, INVALID).max(max, INVALID);
const sourceId = z.string(types).regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "extensionContent.sourceId");
const backing = { source: sourceId.optional(), unverified: z.literal(true, types).optional() };

const kitDocument = object({
  doc: z
    .string(types)
    .refine((code): boolean => isExtensionDocument(code), "extensionContent.document")
    .optional(),
  name: z.record(z.string(), text(120), types).optional(),
  whenApplicable: z.literal(true, types).optional(),
  ...backing,
}).superRefine((document, ctx) => {
  if (document.doc === undefined && document.name === undefined) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["doc"], message: "extensionContent.document" });
  } else if (document.doc === undefined && !document.name?.ko) {
    // A document of its own must have the Korean name the member shows at the office.
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["name", "ko"], message: "extensionContent.documentKorean" });
  } else if (document.doc !== undefined && document.name !== undefined) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["name"], message: "extensionContent.document" });
  }
});

const parts = {
  extendable: object({ answer: z.enum(["yes", "exceptional", "no", "noStayPeriod"], types), ...backing }),
  documents: z.array(kitDocument, types).min(1, "extensionContent.documents").max(40, "extensionContent.documents"),
  fee: object({ krw: wholeWon.optional(), onlineKrw: wholeWon.optional(), ...backing }),
  filing: object({ mode: z.enum(["online", "visit", "either"], types).optional(), ...backing }),
  processing: object({ days: count(365).optional(), upToMonths: count(24).optional(), ...backing }),
  instead: z
    .array(z.enum(["changeStatus", "leaveReenter"], types), types)
    .max(2, INVALID)
    .optional(),
};

const kitSource = object({ id: sourceId, name: text(300), url: link.optional(), checkedOn: date });

export const extensionKitText = object({
  note: text(800, { lines: true }).optional(),
  subtypes: z.record(z.string(), text(800, { lines: true }), types).optional(),
});

type Issue = { path: (string | number)[]; message: string };

/** The parts of a kit (or of a sub-type's) whose backing is wrong: no source and not unverified, or an unknown source. */
function backingIssues(value: Partial<KitParts>, sources: ReadonlySet<string>, at: (string | number)[]): Issue[] {
  const issues: Issue[] = [];
  const judge = (backed: { source?: string; unverified?: true }, path: (string | number)[]) => {
    if (backed.source === undefined && !backed.unverified) issues.push({ path, message: "extensionContent.unsourced" });
    else if (backed.source !== undefined && !sources.has(backed.source)) {
      issues.push({ path: [...path, "source"], message: "extensionContent.sourceId" });
    }
  };
  for (const key of ["extendable", "fee", "filing", "processing"] as const) {
    const part = value[key];
    if (part) judge(part, [...at, key]);
  }
  value.documents?.forEach((document, index) => judge(document, [...at, "documents", index]));
  const fee = value.fee;
  if (fee && !fee.unverified && fee.krw === undefined)
    issues.push({ path: [...at, "fee", "krw"], message: "extensionContent.fee" });
  const filing = value.filing;
  if (filing && !filing.unverified && filing.mode === undefined) {
    issues.push({ path: [...at, "filing", "mode"], message: INVALID });
  }
  return issues;
}

export const extensionKitItem = object({
  itemCd: itemCd.refine((code) => visaStatus(code) !== null, "extensionContent.status"),
  order: order.optional(),
  ...parts,
  sources: z.array(kitSource, types).min(1, "extensionContent.sources").max(20, "extensionContent.sources"),
  subtypes: z
    .record(
      z.string(),
      object({
        extendable: parts.extendable.optional(),
        documents: parts.documents.optional(),
        fee: parts.fee.optional(),
        filing: parts.filing.optional(),
        processing: parts.processing.optional(),
        instead: parts.instead,
      }),
      types,
    )
    .optional(),
  translations: translations(extensionKitText),
}).superRefine((kit, ctx) => {
  const status = visaStatus(kit.itemCd);
  const ids = new Set(kit.sources.map((s) => s.id));
  if (ids.size !== kit.sources.length) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["sources"], message: "extensionContent.sourceId" });
  }
  const issues = backingIssues(kit, ids, []);
  for (const [code, own] of Object.entries(kit.subtypes ?? {})) {
    if (!status?.subtypes.includes(code)) {
      issues.push({ path: ["subtypes", code], message: "extensionContent.subtype" });
      continue;
    }
    issues.push(...backingIssues(own, ids, ["subtypes", code]));
  }
  for (const [language, words] of Object.entries(kit.translations)) {
    for (const code of Object.keys(words.subtypes ?? {})) {
      if (!status?.subtypes.includes(code)) {
        issues.push({ path: ["translations", language, "subtypes", code], message: "extensionContent.subtype" });
      }
    }
  }
  for (const issue of issues) ctx.addIssue({ code: z.ZodIssueCode.custom, ...issue });
});
export type ExtensionKitItem = z.infer<typeof extensionKitItem>;

/** A kit as stored, from an item of the import (its order 0 when left out). */
export function extensionKitOf(item: ExtensionKitItem): ExtensionKitContent {
  return { ...item, order: item.order ?? 0 } as ExtensionKitContent;
}

/** A document's key in its kit (a member's checklist names it so): its vocabulary code, or `own-<place>`. */
export function documentKey(document: KitDocument, index: number): string {
  return document.doc ?? `own-${index}`;
}

/** A sub-type's kit: its status's, with the parts the sub-type has of its own; the status's own for a status code. */
export function kitPartsFor(kit: ExtensionKitContent, code: string): KitParts {
  const own = code === kit.itemCd ? undefined : kit.subtypes?.[code];
  const { extendable, documents, fee, filing, processing, instead } = kit;
  return { extendable, documents, fee, filing, processing, instead, ...own };
}

// -----------------------------------------------------------------------------------------------------------
// The page's view: every text in the page's language, each document's Korean name beside it.

/** Documents whose vocabulary entry has a line of what it is (visaFinder.extension.docs.<code>.what). */
const DOCUMENTS_WITH_WHAT = new Set<string>([
  "application",
  "arc",
  "residenceProof",
  "statusDocuments",
  "needStatement",
  "reemploymentConfirmation",
]);

export interface KitSourceView {
  name: string;
  url: string | null;
  checkedOn: string;
}

export interface KitDocumentView {
  /** Its key in the kit, as a member's checklist names it: its vocabulary code, or `own-<place from 0>`. */
  key: string;
  /** Its name in the page's language. */
  name: string;
  /** The Korean name, shown beside a translated one; null on a Korean page or when the same. */
  korean: string | null;
  what: string | null;
  whenApplicable: boolean;
  /** The source's place in the page's list of sources (from 1), or null when unverified. */
  source: number | null;
}

export interface ExtensionKitView {
  /** The status or sub-type the kit is for. */
  code: string;
  extendable: { answer: Extendable; source: number | null };
  instead: Instead[];
  documents: KitDocumentView[];
  /** krw null: not verified; 0: no fee. Amounts as the page writes them (comma groups). */
  fee: { krw: string | null; free: boolean; onlineKrw: string | null; source: number | null };
  filing: { mode: "online" | "visit" | "either" | null; source: number | null };
  processing: { days: number | null; upToMonths: number | null; source: number | null };
  /** The status's note and the sub-type's own, each in the page's language, else English, else Korean (`lang`). */
  notes: { text: string; lang: { code: string; name: string } | null }[];
  sources: KitSourceView[];
}

function viewOf(
  kit: ExtensionKitContent,
  code: string,
  lng: string,
  t: (key: string) => string,
  koreanT: (key: string) => string,
): ExtensionKitView {
  const own = kitPartsFor(kit, code);
  const sources: KitSource[] = [];
  const cite = (backed: { source?: string; unverified?: true }): number | null => {
    if (backed.unverified || backed.source === undefined) return null;
    const source = kit.sources.find((s) => s.id === backed.source);
    if (!source) return null;
    const at = sources.indexOf(source);
    if (at >= 0) return at + 1;
    sources.push(source);
    return sources.length;
  };
  const documentView = (document: KitDocument, index: number): KitDocumentView => {
    const key = documentKey(document, index);
    if (document.doc) {
      const words = `extension.docs.${document.doc}`;
      const name = t(`${words}.name`);
      const korean = lng === "ko" ? null : koreanT(`${words}.name`);
      return {
        key,
        name,
        korean: korean && korean !== name ? korean : null,
        what: DOCUMENTS_WITH_WHAT.has(document.doc) ? t(`${words}.what`) : null,
        whenApplicable: document.whenApplicable === true,
        source: cite(document),
      };
    }
    const names = document.name ?? {};
    const name = names[lng] ?? names.en ?? names.ko ?? "";
    return {
      key,
      name,
      korean: lng !== "ko" && names.ko !== name ? (names.ko ?? null) : null,
      what: null,
      whenApplicable: document.whenApplicable === true,
      source: cite(document),
    };
  };
  const extendable = { answer: own.extendable.answer, source: cite(own.extendable) };
  const documents = own.documents.map(documentView);
  const fee = {
    krw: own.fee.unverified || own.fee.krw === undefined ? null : formatNumber(own.fee.krw),
    free: !own.fee.unverified && own.fee.krw === 0,
    onlineKrw: own.fee.unverified || own.fee.onlineKrw === undefined ? null : formatNumber(own.fee.onlineKrw),
    source: cite(own.fee),
  };
  const filing = { mode: own.filing.unverified ? null : (own.filing.mode ?? null), source: cite(own.filing) };
  const processing = {
    days: own.processing.unverified ? null : (own.processing.days ?? null),
    upToMonths: own.processing.unverified ? null : (own.processing.upToMonths ?? null),
    source: cite(own.processing),
  };
  // The status's note, then the sub-type's own where it has one: each on the one text chain (own, English, Korean).
  const notesOf = (pick: (words: ExtensionKitText) => string | undefined) =>
    textIn(
      Object.fromEntries(
        Object.entries(kit.translations).flatMap(([language, words]) => {
          const note = pick(words);
          return note ? [[language, note]] : [];
        }),
      ),
      lng,
    );
  const notes = [
    notesOf((words) => words.note),
    code === kit.itemCd ? null : notesOf((words) => words.subtypes?.[code]),
  ]
    .filter((note) => note !== null)
    .map((note) => ({ text: note.text, lang: note.lang }));
  return {
    code,
    extendable,
    instead: own.instead ?? [],
    documents,
    fee,
    filing,
    processing,
    notes,
    sources: sources.map((s) => ({ name: s.name, url: s.url ?? null, checkedOn: s.checkedOn })),
  };
}

/**
 * The kit for a status or a current sub-type ("E-9", "D-2-2") in the page's language, or null when the code is
 * neither or no kit is stored for its status.
 */
export async function extensionKitView(
  services: Pick<Services, "stores">,
  code: string,
  lng: string,
): Promise<ExtensionKitView | null> {
  const status = statusOfVisa(code);
  if (!status || (code !== status.code && !status.subtypes.includes(code))) return null;
  const kit = await services.stores.extensionKits.byId(status.code);
  if (!kit) return null;
  const [page, korean] = await Promise.all([i18nFor(lng), i18nFor("ko")]);
  const t = page.getFixedT(lng, "visaFinder");
  const koreanT = korean.getFixedT("ko", "visaFinder");
  return viewOf(
    kit as ExtensionKit,
    code,
    lng,
    (key) => t(key),
    (key) => koreanT(key),
  );
}

/** Every code of the vocabulary, for tests that check each has a name in every language. */
export const extensionDocumentKeys = EXTENSION_DOCUMENTS.map((code) => ({
  code,
  name: `extension.docs.${code}.name`,
  what: DOCUMENTS_WITH_WHAT.has(code) ? `extension.docs.${code}.what` : null,
}));
