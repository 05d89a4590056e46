/**
 * The member's own extension kit on /mypage/visa (issue 43, decision 0109): the kit of their visa code
 * (./extensionKits.server.ts) with their window (./extensionPlan.ts), the warnings that apply, and the documents
 * they have ticked (app/stores/kitChecklists.ts). A checklist post names the kit it was drawn for; one for another
 * kit than the member's own (another member's, an older visa), or a document that kit does not have, is refused
 * whole with its own message (`errors.form.kitOther`, `errors.form.kitDocument` of `common`).
 */
import { z } from "zod";
import type { Services } from "~/context";
import { extensionKitView, type ExtensionKitView } from "./extensionKits.server";
import { extensionWindow, kitWarnings, type ExtensionWindow, type KitWarning } from "./extensionPlan";

export interface MyKit {
  kit: ExtensionKitView;
  /** Null when the member has not stored their stay's expiry. */
  window: ExtensionWindow | null;
  warnings: KitWarning[];
  /** The keys of the documents ticked that the kit still has, in the kit's order. */
  ticked: string[];
}

export interface MyKitFacts {
  uid: string;
  visa: string | null;
  stayExpiresOn: string | null;
  passportExpiresOn: string | null;
}

/** The member's kit, or null when they have no visa stored or no kit is stored for its status. */
export async function myKit(
  services: Pick<Services, "stores">,
  facts: MyKitFacts,
  lng: string,
  today: string,
): Promise<MyKit | null> {
  if (!facts.visa) return null;
  const [kit, ticked] = await Promise.all([
    extensionKitView(services, facts.visa, lng),
    services.stores.kitChecklists.ticked(facts.uid, facts.visa),
  ]);
  if (!kit) return null;
  const has = new Set(ticked);
  return {
    kit,
    window: facts.stayExpiresOn ? extensionWindow(facts.stayExpiresOn, today) : null,
    warnings: kitWarnings({
      visa: facts.visa,
      stayExpiresOn: facts.stayExpiresOn,
      passportExpiresOn: facts.passportExpiresOn,
      extendable: kit.extendable.answer,
    }),
    ticked: kit.documents.map((d) => d.key).filter((key) => has.has(key)),
  };
}

export type ChecklistProblem = "kitOther" | "kitDocument";

/** The checklist's form: the kit it was drawn for and the documents ticked (none: all unticked). */
export const checklistSchema = z.object({
  intent: z.literal("checklist"),
  kit: z.string({ required_error: "errors.form.kitOther" }).max(40, "errors.form.kitOther"),
  documents: z.array(z.string().max(40, "errors.form.kitDocument")).max(60, "errors.form.kitDocument").default([]),
});

/**
 * Stores the documents ticked on the member's kit `posted.kit`: refused when it is not the kit of the member's own
 * visa code as stored now (another member's, or the member's before they changed it), or when a posted document is not in it (nothing is stored then).
 */
export async function saveChecklist(
  services: Pick<Services, "stores">,
  uid: string,
  posted: { kit: string; documents: readonly string[] },
  at: number,
): Promise<{ ok: true } | { ok: false; problem: ChecklistProblem }> {
  const visa = (await services.stores.members.profile(uid))?.visa ?? null;
  if (!visa || posted.kit !== visa) return { ok: false, problem: "kitOther" };
  const kit = await extensionKitView(services, visa, "ko");
  if (!kit) return { ok: false, problem: "kitOther" };
  const keys = new Set(kit.documents.map((d) => d.key));
  if (posted.documents.some((key) => !keys.has(key))) return { ok: false, problem: "kitDocument" };
  await services.stores.kitChecklists.setTicked(uid, visa, [...new Set(posted.documents)], at);
  return { ok: true };
}
