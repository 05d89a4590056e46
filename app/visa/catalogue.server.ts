/**
 * The visa catalogue in a visitor's language, translated on the server so the
 * browser never downloads the whole `visa` namespace; and the finder's search.
 */
import type { TFunction } from "i18next";
import { isSupportedLanguage, type Language } from "~/i18n/config";
import { i18nFor } from "~/i18n/instances.server";
import { isDevelopment } from "~/infra/config.server";
import {
  legacyVisa,
  legacyVisas,
  normalizeVisaCode,
  statusOfVisa,
  visaFamilies,
  visaStatuses,
  visaVerification,
  type Verification,
  type VisaFamily,
  type VisaStatus,
  type WorkRule,
} from "./catalogue";

export interface VisaEntry {
  code: string;
  name: string;
  description: string;
  work: WorkRule;
  /** The current sub-types, the only ones to offer for choosing; `verification` other than "verified" must be shown. */
  subtypes: { code: string; name: string; verification: Verification }[];
  /** Codes only older residence cards show, to read a member's card by; never offered for choosing. */
  legacy: { code: string; name: string; currentEquivalent: string | null }[];
  /** "yyyy-mm-dd" when the status is no longer issued to anyone new. */
  closedSince: string | null;
}

export interface VisaFamilyEntry {
  family: VisaFamily;
  name: string;
  statuses: VisaEntry[];
}

function entryOf(status: VisaStatus, t: TFunction): VisaEntry {
  return {
    code: status.code,
    name: t(`status.${status.code}.name`),
    description: t(`status.${status.code}.description`),
    work: status.work,
    subtypes: status.subtypes.map((code) => ({
      code,
      name: t(`subtype.${code}`),
      verification: visaVerification(code) ?? "verified",
    })),
    legacy: legacyVisas
      .filter((l) => l.status === status.code)
      .map((l) => ({ code: l.code, name: t(`subtype.${l.code}`), currentEquivalent: l.currentEquivalent })),
    closedSince: status.closedSince ?? null,
  };
}

async function visaT(lng: string) {
  return (await i18nFor(lng)).getFixedT(lng, "visa");
}

const familiesByLanguage = new Map<Language, Promise<readonly VisaFamilyEntry[]>>();

/**
 * The whole catalogue in one language. Translations do not change while the
 * server runs, so each language is translated once (the finder's search reads
 * it, and English, on every request); development re-reads edited locales.
 */
export function visaFamiliesIn(lng: string): Promise<readonly VisaFamilyEntry[]> {
  if (isDevelopment() || !isSupportedLanguage(lng)) return translateFamilies(lng);
  let families = familiesByLanguage.get(lng);
  if (!families) {
    families = translateFamilies(lng);
    familiesByLanguage.set(lng, families);
  }
  return families;
}

async function translateFamilies(lng: string): Promise<VisaFamilyEntry[]> {
  const t = await visaT(lng);
  return visaFamilies.map((family) => ({
    family,
    name: t(`family.${family}`),
    statuses: visaStatuses.filter((s) => s.family === family).map((s) => entryOf(s, t)),
  }));
}

export async function visaEntryIn(code: string, lng: string): Promise<VisaEntry | null> {
  const status = visaStatuses.find((s) => s.code === code);
  return status ? entryOf(status, await visaT(lng)) : null;
}

/** "D-2-1 Associate degree" or "F-5 Permanent residence": how a chosen visa is shown. */
export async function visaLabel(visa: string, lng: string): Promise<string | null> {
  const status = statusOfVisa(visa);
  if (!status) return null;
  // Every signed-in home and my page shows one: kept per language and code (a known code: a bounded set).
  const key = `${lng}\0${visa}`;
  const known = isDevelopment() || !isSupportedLanguage(lng) ? undefined : labels.get(key);
  if (known !== undefined) return known;
  const t = await visaT(lng);
  const label = visa === status.code ? `${visa} ${t(`status.${visa}.name`)}` : `${visa} ${t(`subtype.${visa}`)}`;
  if (isSupportedLanguage(lng)) labels.set(key, label);
  return label;
}

const labels = new Map<string, string>();

/**
 * What a member should know about their stored visa, in their language: that it is
 * a code from an older card, that its status is no longer issued, what replaced it,
 * or that the catalogue could not confirm it (confirm with 1345). Empty for a
 * current, confirmed code or an unknown one.
 */
export async function visaNotices(visa: string, lng: string): Promise<string[]> {
  const status = statusOfVisa(visa);
  if (!status) return [];
  const t = await visaT(lng);
  const old = legacyVisa(visa);
  const notices: string[] = [];
  if (old) notices.push(t("marks.legacy"));
  if (status.closedSince || (old && !old.currentEquivalent)) notices.push(t("marks.noLongerIssued"));
  if (old?.currentEquivalent) notices.push(t("marks.currentEquivalent", { code: old.currentEquivalent }));
  const verification = visaVerification(visa);
  if (verification === "secondary") notices.push(t("marks.secondary"));
  if (verification === "unverified") notices.push(t("marks.unverified"));
  return notices;
}

const fold = (text: string) => text.normalize("NFKC").toLocaleLowerCase().replace(/\s+/g, " ").trim();

/**
 * Families with only the statuses that match: by code ("d2", "E-7-1" finds E-7),
 * or by words in the name, description or sub-type names, in the visitor's
 * language or in English.
 */
export async function searchVisas(query: string, lng: string): Promise<readonly VisaFamilyEntry[]> {
  const families = await visaFamiliesIn(lng);
  const q = fold(query).slice(0, 100);
  if (!q) return families;
  const code = normalizeVisaCode(query);
  const byCode = statusOfVisa(code);
  const english =
    lng === "en" ? null : new Map((await visaFamiliesIn("en")).flatMap((f) => f.statuses.map((s) => [s.code, s])));
  const matches = (entry: VisaEntry) => {
    if (byCode) return entry.code === byCode.code;
    if (entry.code.toLowerCase().startsWith(q)) return true;
    const texts = [entry, english?.get(entry.code)].flatMap((e) =>
      e ? [e.name, e.description, ...e.subtypes.map((s) => s.name)] : [],
    );
    return texts.some((text) => fold(text).includes(q));
  };
  return families.map((f) => ({ ...f, statuses: f.statuses.filter(matches) })).filter((f) => f.statuses.length > 0);
}
