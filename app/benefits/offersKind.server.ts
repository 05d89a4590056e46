/**
 * The partner offers as a content kind (app/content/kind.server.ts): the content import's `offers` key and the
 * admin form's writes, validated by their schema (schemas.server.ts), checked for their Korean original, written
 * by item code only where they differ from what is stored. None ship with the app.
 */
import { storedContentKind } from "~/content/write.server";
import type { OfferContent } from "~/stores/offers";
import { offerItem, type OfferItem } from "./schemas.server";

/** An offer as stored, from an item of the import. */
export function offerOf(item: OfferItem): OfferContent {
  return {
    itemCd: item.itemCd,
    partner: item.partner,
    link: item.link,
    priceKrw: item.priceKrw
      ? { min: item.priceKrw.min, max: item.priceKrw.max ?? null, per: item.priceKrw.per ?? null }
      : null,
    commission: item.commission ?? null,
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

export const offersKind = storedContentKind({
  key: "offers",
  item: offerItem,
  storeOf: (stores) => stores.offers,
  contentOf: offerOf,
  audit: { kind: "offer", summaryOf: (item) => `${item.partner}: ${item.translations.ko!.title}` },
});
