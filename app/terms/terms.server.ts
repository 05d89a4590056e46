/**
 * What is in force, and what each member still has to answer: the versions of the terms documents are content
 * (app/stores/terms.ts); the day they take effect is a day in Korea. A member has a version to answer when a
 * consent's version in force is not in their terms record; a required one closes member pages until they agree
 * (auth/session.server.ts requireMember), an optional one is only shown (docs/decisions/0057).
 */
import type { Services } from "~/context";
import { formatDate } from "~/lib/format";
import type { TermsRecord } from "~/stores/members";
import type { TermsVersionHead } from "~/stores/terms";
import {
  isTermsDocumentId,
  requiredTermsAgreed,
  termsDocuments,
  versionInForce,
  type TermsAnswers,
  type TermsDocumentId,
} from "./documents";

type WithStores = Pick<Services, "stores">;

/** Korea's date at an instant: the day a version's effective date is compared with. */
export const termsToday = (now: number) => formatDate(now);

/**
 * Every version's head (drafts included). A read only: the shipped versions are written at start
 * (startServices seeds every content kind), never by a read.
 */
export async function termsHeads(services: WithStores): Promise<TermsVersionHead[]> {
  return services.stores.terms.heads();
}

/** The consents' versions in force at `now`, in the joining forms' order (a consent with none in force is left out). */
export async function consentsInForce(services: WithStores, now = Date.now()) {
  const heads = await termsHeads(services);
  const today = termsToday(now);
  return termsDocuments.flatMap((doc) => {
    const head = versionInForce(heads, doc.id, today);
    return head ? [{ ...head, document: doc.id }] : [];
  });
}

export type ConsentInForce = Awaited<ReturnType<typeof consentsInForce>>[number];

/** The versions a join's answers are about: those shown on its terms step (or, in an older draft, those in force then). */
async function versionsAnswered(services: WithStores, answers: TermsAnswers): Promise<ConsentInForce[]> {
  const inForce = await consentsInForce(services, answers.at);
  if (!answers.versions) return inForce;
  const heads = await termsHeads(services);
  return Object.entries(answers.versions).flatMap(([document, version]) => {
    const head = heads.find((h) => h.document === document && h.version === version && h.publishedAt !== null);
    return head && isTermsDocumentId(document) ? [{ ...head, document }] : [];
  });
}

/**
 * A join's terms record: one line per version answered, with the member's choice. Null when a required version
 * was not agreed (the terms step refuses that already; an account is never made without them).
 */
export async function joinTermsRecord(services: WithStores, answers: TermsAnswers): Promise<TermsRecord[] | null> {
  const versions = await versionsAnswered(services, answers);
  if (!requiredTermsAgreed(answers.choices, versions)) return null;
  return versions.map((v) => ({
    document: v.document,
    version: v.version,
    agreed: answers.choices[v.document] === true,
    recordedAt: answers.at,
  }));
}

/** The versions a join's terms step shows, by document: saved with the answers. */
export function versionsShown(inForce: readonly ConsentInForce[]): Partial<Record<TermsDocumentId, string>> {
  return Object.fromEntries(inForce.map((v) => [v.document, v.version]));
}

/** The consents' versions in force that the member has not answered (agreed or declined), required first. */
export async function termsToAnswer(services: WithStores, uid: string, now = Date.now()): Promise<ConsentInForce[]> {
  const [inForce, record] = await Promise.all([consentsInForce(services, now), services.stores.members.terms(uid)]);
  const answered = new Set(record.map((line) => `${line.document}@${line.version}`));
  const open = inForce.filter((v) => !answered.has(`${v.document}@${v.version}`));
  return [...open.filter((v) => v.required), ...open.filter((v) => !v.required)];
}

/** True when a required version in force waits for the member's agreement: member pages stay closed until then. */
export async function mustAgreeToTerms(services: WithStores, uid: string, now = Date.now()): Promise<boolean> {
  return (await termsToAnswer(services, uid, now)).some((v) => v.required);
}

/** Records a member's answers to versions; false when the member is gone. */
export function recordTermsAnswers(
  services: WithStores,
  uid: string,
  answers: readonly { document: string; version: string; agreed: boolean }[],
  now = Date.now(),
): Promise<boolean> {
  return services.stores.members.recordTerms(
    uid,
    answers.map((a) => ({ ...a, recordedAt: now })),
  );
}
