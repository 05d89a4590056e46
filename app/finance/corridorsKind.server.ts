/**
 * Remittance corridors as a content kind (app/content/kind.server.ts): the content import's `corridors` key, by
 * country, written only where the figures differ; the corridors shipped with the app (content/corridors.json),
 * written at start where absent, as benefits are (decision 0062); the admin form writes through it too
 * (contentEditRoute).
 */
import shippedFile from "../../content/corridors.json";
import type { ContentKind } from "~/content/kind.server";
import { corridorItem, corridorProblem, recordOf, type CorridorItem } from "./corridors.server";

/** The content import's `corridors` key: by country, written only where the figures differ. */
export const corridorsKind: ContentKind<CorridorItem> = {
  key: "corridors",
  item: corridorItem,
  idOf: (item) => item.country,
  check: corridorProblem,
  apply: (stores, item, at, audit) => stores.corridors.put(recordOf(item), at, audit),
  audit: { kind: "corridor", summaryOf: (item) => `${item.country}: ${item.provider}, ${item.asOf}` },
  seed: {
    items: () => shippedCorridors(),
    stored: async (stores, item) => (await stores.corridors.get(item.country)) !== null,
  },
};

/** The shipped corridors, validated as an import is; a broken file is a build's mistake and stops the start. */
export function shippedCorridors(file: unknown = shippedFile): CorridorItem[] {
  const list = (file as { corridors?: unknown }).corridors;
  if (!Array.isArray(list)) throw new Error("content/corridors.json: no corridors list");
  const seen = new Set<string>();
  return list.map((raw, index) => {
    const parsed = corridorItem.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`content/corridors.json: corridors[${index}].${issue.path.join(".")}: ${issue.message}`);
    }
    const item = parsed.data;
    const problem = corridorProblem(item) ?? (seen.has(item.country) ? "duplicate country" : null);
    if (problem) throw new Error(`content/corridors.json: ${item.country}: ${problem}`);
    seen.add(item.country);
    return item;
  });
}
