/**
 * Extension kits (issue 43, decision 0105): what a member must bring, pay and do to extend their stay
 * (체류기간 연장허가), one kit per visa status of the catalogue (app/visa/catalogue.ts), with the parts where a
 * sub-type differs given per sub-type. Operator content like loan products: facts that read the same in every
 * language and a text per language (a note), the Korean one always there. Every part carries its source (one of
 * the kit's `sources`, each with the day it was checked) or is marked unverified: never shown as fact.
 *
 * 41 kits, listed whole in their order: no paging (app/stores/content.ts).
 */
import type { ContentItem, ContentStore, Stamped } from "./content";

/** Where a part comes from: a source of the kit (its id), or nothing verified ("unverified: ask 1345"). */
export interface Backing {
  source?: string;
  unverified?: true;
}

/** Whether a stay in this status can be extended at all. */
export type Extendable = "yes" | "exceptional" | "no" | "noStayPeriod";

/** What a member can do instead when the stay cannot be extended. */
export type Instead = "changeStatus" | "leaveReenter";

/** One document: from the shared vocabulary (its code) or named here (a Korean name always, others optional). */
export interface KitDocument extends Backing {
  doc?: string;
  name?: Record<string, string>;
  /** Only some applicants bring it (해당자만). */
  whenApplicable?: true;
}

export interface KitParts {
  extendable: { answer: Extendable } & Backing;
  documents: KitDocument[];
  /** In whole won; krw 0: no fee. `onlineKrw`: the fee when filed on HiKorea, where the source names one. */
  fee: { krw?: number; onlineKrw?: number } & Backing;
  filing: { mode?: "online" | "visit" | "either" } & Backing;
  processing: { days?: number; upToMonths?: number } & Backing;
  instead?: Instead[];
}

export interface KitSource {
  id: string;
  name: string;
  url?: string;
  /** The day it was checked, yyyy-mm-dd. */
  checkedOn: string;
}

/** A kit's words in one language: its note, and a note per sub-type where one differs. */
export interface ExtensionKitText {
  note?: string;
  subtypes?: Record<string, string>;
}

export interface ExtensionKitContent extends ContentItem<ExtensionKitText>, KitParts {
  /** The status code ("E-9"). */
  itemCd: string;
  sources: KitSource[];
  /** The parts a sub-type has of its own ("E-9-1": { fee }), over the status's. */
  subtypes?: Record<string, Partial<KitParts>>;
}

export type ExtensionKit = Stamped<ExtensionKitContent>;

export type ExtensionKitsStore = ContentStore<ExtensionKitContent>;
