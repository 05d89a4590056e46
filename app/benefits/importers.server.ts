/**
 * The content import's `benefits` and `offers` keys (README, "Content import"):
 * each item validated by its schema (schemas.server.ts) and checked for its Korean
 * original, then written by item code only where it differs from what is stored,
 * so an import run twice changes nothing.
 */
import type { z } from "zod";
import type { ContentImporter } from "~/content/importers.server";
import type { BenefitContent } from "~/stores/benefits";
import type { AuditNote } from "~/stores/audit";
import type { ContentItem, ContentStore } from "~/stores/content";
import type { OfferContent } from "~/stores/offers";
import type { Stores } from "~/stores/stores";
import { benefitItem, koreanProblem, offerItem, type BenefitItem, type OfferItem } from "./schemas.server";

/** A benefit as stored, from an item of the import (fields left out: none, empty, first in order). */
export function benefitOf(item: BenefitItem): BenefitContent {
  return {
    itemCd: item.itemCd,
    category: item.category,
    order: item.order ?? 0,
    visas: item.visas,
    link: item.link ?? null,
    phones: item.phones ?? [],
    hours: item.hours ?? null,
    languages: item.languages
      ? { count: item.languages.count ?? null, about: item.languages.about ?? false, codes: item.languages.codes ?? [] }
      : null,
    source: { name: item.source.name ?? null, url: item.source.url ?? null, checkedOn: item.source.checkedOn },
    unverified: item.unverified ?? [],
    translations: Object.fromEntries(
      Object.entries(item.translations).map(([language, text]) => [
        language,
        {
          name: text.name,
          gives: text.gives,
          eligible: text.eligible,
          apply: text.apply,
          hoursNote: text.hoursNote ?? null,
        },
      ]),
    ),
  };
}

/** An offer as stored, from an item of the import. */
export function offerOf(item: OfferItem): OfferContent {
  return {
    itemCd: item.itemCd,
    partner: item.partner,
    link: item.link,
    priceKrw: item.priceKrw ? { min: item.priceKrw.min, max: item.priceKrw.max ?? null } : null,
    checkedOn: item.checkedOn,
    order: item.order ?? 0,
    translations: Object.fromEntries(
      Object.entries(item.translations).map(([language, text]) => [
        language,
        { title: text.title, description: text.description, priceNote: text.priceNote ?? null },
      ]),
    ),
  };
}

/** The value as JSON with every object's keys sorted: two contents are the same when these are. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Creates the item, or replaces the stored one when it differs (a concurrent creation is compared like any other). */
export async function writeContent<Content extends ContentItem<unknown>>(
  store: ContentStore<Content>,
  content: Content,
  at: number,
  audit?: AuditNote,
  attempts = 3,
): Promise<"created" | "updated" | "unchanged"> {
  if (attempts === 0) throw new Error(`content ${content.itemCd} kept changing while it was written`);
  const stored = await store.byId(content.itemCd);
  if (!stored) {
    // The audit record is written by the store with the change, in its transaction.
    const created = await store.create(content, at, audit);
    if (created.ok) return "created";
    return writeContent(store, content, at, audit, attempts - 1);
  }
  const { createdAt: _created, updatedAt: _updated, ...storedContent } = stored;
  if (canonical(storedContent) === canonical(content)) return "unchanged";
  const updated = await store.update(content, at, audit);
  // Gone between the read and the write (nothing deletes content yet): made again.
  return updated.ok ? "updated" : writeContent(store, content, at, audit, attempts - 1);
}

/**
 * The importer of one key: items validated by `item`, checked for their Korean original, written to `storeOf`,
 * named in the audit log as `kind` with their Korean `summaryOf`.
 */
export function contentImporter<Item extends { itemCd: string }, Content extends ContentItem<unknown>>(
  key: string,
  item: z.ZodType<Item>,
  storeOf: (stores: Stores) => ContentStore<Content>,
  contentOf: (item: Item) => Content,
  audit: ContentImporter<Item>["audit"],
): ContentImporter<Item> {
  return {
    key,
    item,
    idOf: (parsed) => parsed.itemCd,
    check: (parsed) => koreanProblem(contentOf(parsed)),
    apply: (stores, parsed, at, audit) => writeContent(storeOf(stores), contentOf(parsed), at, audit),
    audit,
  };
}

export const benefitsImporter = contentImporter("benefits", benefitItem, (stores) => stores.benefits, benefitOf, {
  kind: "benefit",
  summaryOf: (item) => item.translations.ko!.name,
});

export const offersImporter = contentImporter("offers", offerItem, (stores) => stores.offers, offerOf, {
  kind: "offer",
  summaryOf: (item) => `${item.partner}: ${item.translations.ko!.title}`,
});
