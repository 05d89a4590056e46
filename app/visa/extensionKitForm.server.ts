/**
 * The admin's edit form of an extension kit (issue 43): the kit as the content import writes it (one item of
 * content/extensionKits.json's `extensionKits`), in one text area, judged by the import's own schema and its Korean
 * rule, so a kit the import would refuse is refused here with the item's path named, and what was typed is kept.
 * The kit's status is the one in the page's address, whatever the text says (an edit never moves a kit). Written
 * by the kind (saveContentItem), with its audit record in the same transaction.
 */
import { koreanProblem } from "~/content/texts.server";
import type { Stamped } from "~/stores/content";
import type { ExtensionKitContent } from "~/stores/extensionKits";
import { extensionKitItem, type ExtensionKitItem } from "./extensionKits.server";

/** The field of the form. */
export const KIT_FIELD = "kit";
/** A kit is a few KiB of JSON; 19 languages' texts stay far below this. */
export const KIT_MAX_CHARS = 200_000;

/** The stored kit as the form's text: the import's item (its stamps left out), two-space JSON. */
export function kitText(kit: Stamped<ExtensionKitContent>): string {
  const {
    createdAt: _created,
    updatedAt: _updated,
    ...item
  } = kit as Stamped<ExtensionKitContent> & {
    createdAt?: number;
    updatedAt?: number;
  };
  return JSON.stringify(item, null, 2);
}

/** The admin's plain-form reading (contentForms.server.ts's PlainFormResult, which the admin layer owns). */
type KitFormResult = { values: Record<string, string> } & (
  { ok: true; item: ExtensionKitItem } | { ok: false; errors: Record<string, string> }
);

export function readExtensionKitForm(formData: FormData, id: string | null): KitFormResult {
  const text = String(formData.get(KIT_FIELD) ?? "");
  const values = { [KIT_FIELD]: text };
  const refused = (message: string, path = "") => ({
    ok: false as const,
    values,
    errors: { [KIT_FIELD]: message, ...(path ? { path } : {}) },
  });
  if (text.trim() === "" || text.length > KIT_MAX_CHARS) return refused("admin.kits.notJson");
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refused("admin.kits.notJson");
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return refused("admin.kits.notJson");
  const parsed = extensionKitItem.safeParse({ ...raw, ...(id ? { itemCd: id } : {}) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return refused(issue.message, issue.path.join("."));
  }
  const problem = koreanProblem(parsed.data);
  if (problem) return refused(problem);
  return { ok: true, values, item: parsed.data };
}
