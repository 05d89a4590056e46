/**
 * The member's own extension plan (issue 43, decision 0109): when their window opens and how many days are left
 * (./stay.ts, domain facts §2), and the warnings that apply to them, from their stay's and passport's dates and
 * their status's kit. Plain dates "yyyy-mm-dd" in Korea, as the profile stores them.
 *
 * Sources (shared/research/domain-facts.md §3 and §9; each warning's page cites them with the day checked):
 * - A stay is granted only within the passport's validity (since 2021-07-01); a new passport is reported within
 *   15 days (법무부 notice as reposted by app.tip114.site, 2021: secondary, shown as such).
 * - Unpaid National Health Insurance premiums limit an extension (up to 3 unpaid: 6 months at most; from the 4th:
 *   refused), 법무부 and 보건복지부, 2019-07-16 (newdaily.co.kr); 출입국관리법 제78조 ②3 lets the Ministry ask
 *   NHIS for them. NHIS answers on 1577-1000 (7 for foreigners) and 033-811-2000 in foreign languages.
 * - Who is not in the National Health Insurance: and G-1 (domain facts §3; G-1-6 aside), and short
 *   stays (registered residents of 6 months or more are; statuses that cannot be extended are short stays here).
 */
import { addMonths, differenceInCalendarDays, format } from "date-fns";
import { parseDay, stayOutlook, type StayOutlook } from "./stay";

/**
 * How far past the stay's end a passport must reach for the passport not to shorten the next grant: a year. The
 * longest grant each status can get (출입국관리법 시행규칙 별표 1) is not in our data; a passport that ends
 * within a year of the stay is one the member should renew before applying (decision 0109).
 */
export const PASSPORT_REACH_MONTHS = 12;

/** Statuses outside the National Health Insurance (domain facts §3), whose members get no premium warning. */
const OUTSIDE_NHI = new Set(["A-1", "A-2", "A-3", "G-1"]);

export type KitWarning =
  /** The passport ends before the stay would end after an extension: renew first, report within 15 days. */
  | { kind: "passport"; passportExpiresOn: string; beforeStay: boolean }
  /** Unpaid NHI premiums can get the extension refused: how to check. */
  | { kind: "healthInsurance" }
  /** The status cannot be extended: change status (or leave and re-enter) instead. */
  | { kind: "changeStatus" };

export interface ExtensionWindow extends StayOutlook {
  /** Days from today to the window's first day: 0 on it, negative once it is open. */
  daysUntilOpen: number;
}

/** The window for a stay ending on `expiresOn`, seen on `today`; null when either is not a real date. */
export function extensionWindow(expiresOn: string, today: string): ExtensionWindow | null {
  const outlook = stayOutlook(expiresOn, today);
  if (!outlook) return null;
  const daysUntilOpen = differenceInCalendarDays(parseDay(outlook.extensionFrom)!, parseDay(today)!);
  return { ...outlook, daysUntilOpen };
}

/** The last day a passport must reach for the next grant not to be cut short by it (a year past the stay). */
export function passportMustReach(stayExpiresOn: string): string | null {
  const expiry = parseDay(stayExpiresOn);
  return expiry ? format(addMonths(expiry, PASSPORT_REACH_MONTHS), "yyyy-MM-dd") : null;
}

export interface WarningFacts {
  /** The member's visa code ("E-9-1") or status. */
  visa: string;
  /** The stay's expiry, or null when the member has not stored it. */
  stayExpiresOn: string | null;
  passportExpiresOn: string | null;
  /** The kit's answer for the member's code (app/stores/extensionKits.ts). */
  extendable: "yes" | "exceptional" | "no" | "noStayPeriod";
}

/** The warnings that apply, in the order the page shows them (the one that blocks everything first). */
export function kitWarnings(facts: WarningFacts): KitWarning[] {
  const warnings: KitWarning[] = [];
  // F-5 (no stay period) has nothing to extend and nothing to warn of. A stay not extended (or only as an exception:
  // the short stays, A-2) must change status instead; none of those is in the health insurance.
  if (facts.extendable === "noStayPeriod") return [];
  if (facts.extendable === "no" || facts.extendable === "exceptional") return [{ kind: "changeStatus" }];
  const passport = facts.passportExpiresOn ? parseDay(facts.passportExpiresOn) : null;
  const reach = facts.stayExpiresOn ? passportMustReach(facts.stayExpiresOn) : null;
  if (passport && reach && facts.passportExpiresOn! < reach) {
    warnings.push({
      kind: "passport",
      passportExpiresOn: facts.passportExpiresOn!,
      beforeStay: facts.passportExpiresOn! <= facts.stayExpiresOn!,
    });
  }
  const status = facts.visa.split("-").slice(0, 2).join("-");
  if (!OUTSIDE_NHI.has(status) || facts.visa === "G-1-6") warnings.push({ kind: "healthInsurance" });
  return warnings;
}

export interface WarningSource {
  name: string;
  url: string;
  /** The day it was read, yyyy-mm-dd. */
  checkedOn: string;
  /** A secondary source (a repost, a news report): the page marks it "unverified: ask 1345" beside it. */
  secondary: boolean;
}

/** Where each warning comes from (decision 0109); the page shows them beside the warning with their day. */
export const WARNING_SOURCES: Record<Exclude<KitWarning["kind"], "changeStatus">, WarningSource[]> = {
  passport: [
    {
      name: "법무부 출입국·외국인정책본부 안내 (외국인 체류기간 여권 유효기간 내 부여, 2021.7.1. 시행), app.tip114.site 게재",
      url: "https://app.tip114.site/bbs/board.php?bo_table=news&wr_id=208",
      checkedOn: "2026-12-03",
      secondary: true,
    },
  ],
  healthInsurance: [
    {
      name: "법무부·보건복지부, 건강보험료 체납 외국인 비자 연장 제한 (2019.7.16.), 뉴데일리 보도",
      url: "https://www.newdaily.co.kr/site/data/html/2019/07/16/2019071600189.html",
      checkedOn: "2026-12-03",
      secondary: true,
    },
    {
      name: "국민건강보험공단 외국인 상담: 1577-1000 (외국인 7번), 033-811-2000 (외국어), 서강대 한국어교육원 안내",
      url: "https://klec.sogang.ac.kr/index.php?pagetype=&rn=100&bbs_idx=1694&pageno=10&pagekind=c&bbsid=00010",
      checkedOn: "2026-12-03",
      secondary: true,
    },
  ],
};

/** NHIS, where a member checks for unpaid premiums (its site, its app "The건강보험", or by phone). */
export const NHIS = { url: "https://www.nhis.go.kr", phone: "1577-1000", foreignLanguages: "033-811-2000" } as const;
