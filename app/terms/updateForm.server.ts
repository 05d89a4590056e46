/**
 * The re-consent form (/member/termsUpdate): one box per version the member has to answer, each sent with the
 * version it showed, so an answer is recorded for exactly the version the member read. Agreeing needs every
 * required box ticked; declining records the optional versions as declined and, when a required one was shown,
 * says what declining means instead of letting the member on.
 */
import { z } from "zod";
import type { Services } from "~/context";
import { safeRedirect } from "~/lib/safeRedirect";
import { VERSION_ID, type TermsDocumentId } from "./documents";
import { recordTermsAnswers, termsToAnswer } from "./terms.server";
import { termsUpdateHref } from "./view.server";

const shownVersion = z.string().regex(VERSION_ID).optional();
const box = z.boolean().optional();

const fields = z.object({
  intent: z.enum(["agree", "decline"]),
  redirectTo: z.string().max(2048).optional(),
  /** The version each box was shown for (`version.privacy`). */
  version: z
    .object({ service: shownVersion, privacy: shownVersion, age14: shownVersion, marketing: shownVersion })
    .default({}),
  service: box,
  privacy: box,
  age14: box,
  marketing: box,
});

export type TermsUpdateFields = z.input<typeof fields>;
type TermsUpdateValue = z.output<typeof fields>;

/** The form, for the versions the member has to answer now (`required`: those of them that must be agreed). */
export const termsUpdateSchema = (required: readonly { document: TermsDocumentId; version: string }[]) =>
  fields.superRefine((value, ctx) => {
    if (value.intent !== "agree") return;
    for (const { document, version } of required) {
      if (value.version[document] === version && value[document] !== true) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [document], message: "errors.form.termsRequired" });
      }
    }
  });

export type TermsUpdateOutcome =
  /** Answered: go on to `to` (the page the member wanted, or this form again when more waits). */
  | { kind: "continue"; to: string }
  /** A required version was declined: the member stays out of member pages, and is told why. */
  | { kind: "declined" };

/**
 * Records the answers to the versions the form showed that still wait (a version that took effect meanwhile is
 * shown next, not answered unseen), and says where the member goes.
 */
export async function answerTermsUpdate(
  services: Pick<Services, "stores">,
  uid: string,
  value: TermsUpdateValue,
  now = Date.now(),
): Promise<TermsUpdateOutcome> {
  const waiting = await termsToAnswer(services, uid, now);
  const shown = waiting.filter((v) => value.version[v.document] === v.version);
  const onward = safeRedirect(value.redirectTo, "/mypage");
  if (value.intent === "decline") {
    const optional = shown.filter((v) => !v.required);
    await recordTermsAnswers(
      services,
      uid,
      optional.map((v) => ({ document: v.document, version: v.version, agreed: false })),
      now,
    );
    if (shown.some((v) => v.required)) return { kind: "declined" };
  } else {
    await recordTermsAnswers(
      services,
      uid,
      shown.map((v) => ({ document: v.document, version: v.version, agreed: value[v.document] === true })),
      now,
    );
  }
  const unseen = waiting.some((v) => v.required && !shown.includes(v));
  return { kind: "continue", to: unseen ? termsUpdateHref(onward) : onward };
}
