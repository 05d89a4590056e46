/**
 * The immigration offices a member can book a visit at (issue 43): the 34 offices of the Korea Immigration Service
 * that take stay applications by appointment (출입국·외국인관서: 5 청, 11 사무소, 18 출장소), as the Ministry of
 * Justice listed them when visit booking became compulsory at every one of them (2021-04-01). Names are the
 * offices' Korean names (what the member reads at the door and on HiKorea's booking page) with their romanisation
 * (Revised Romanisation, the form the Service's English pages use); the form and the card show both.
 *
 * Office hours: the Service publishes none as one rule on a page we could read; 09:00–18:00 on weekdays is what
 * HiKorea's booking offers in practice, so an appointment outside 09:00–18:00 is refused as a mistake, and the
 * hours are marked unverified (ask 1345) where shown. Branch offices opened or merged after 2021 are not listed:
 * check HiKorea when yours is missing.
 */
export interface ImmigrationOffice {
  /** Stable id, kept with a stored appointment. */
  id: string;
  /** The office's Korean name. */
  ko: string;
  /** Revised Romanisation, as the Service's English pages write it. */
  en: string;
  /** 청 (an immigration service), 사무소 (an office) or 출장소 (a branch office). */
  rank: "service" | "office" | "branch";
}

export const IMMIGRATION_OFFICES_SOURCE = {
  name: "법무부 보도자료: 전국 출입국·외국인관서 방문예약제 전면시행 (2021-03-05), 34개 관서",
  url: "https://hmzkorean.korean.net/bbs/board.php?bo_table=news_basic&wr_id=2593",
  checkedOn: "2026-12-03",
} as const;

/** Office hours for a booked visit, weekdays: unverified (see above). */
export const OFFICE_HOURS = { opens: 9, closes: 18, verified: false } as const;

const office = (id: string, ko: string, en: string, rank: ImmigrationOffice["rank"]): ImmigrationOffice => ({
  id,
  ko,
  en,
  rank,
});

export const immigrationOffices: readonly ImmigrationOffice[] = [
  office("seoul", "서울출입국·외국인청", "Seoul Immigration Service", "service"),
  office("busan", "부산출입국·외국인청", "Busan Immigration Service", "service"),
  office("incheon", "인천출입국·외국인청", "Incheon Immigration Service", "service"),
  office("suwon", "수원출입국·외국인청", "Suwon Immigration Service", "service"),
  office("jeju", "제주출입국·외국인청", "Jeju Immigration Service", "service"),
  office("seoulNambu", "서울남부출입국·외국인사무소", "Seoul Nambu Immigration Office", "office"),
  office("yangju", "양주출입국·외국인사무소", "Yangju Immigration Office", "office"),
  office("cheongju", "청주출입국·외국인사무소", "Cheongju Immigration Office", "office"),
  office("daegu", "대구출입국·외국인사무소", "Daegu Immigration Office", "office"),
  office("ulsan", "울산출입국·외국인사무소", "Ulsan Immigration Office", "office"),
  office("gwangju", "광주출입국·외국인사무소", "Gwangju Immigration Office", "office"),
  office("daejeon", "대전출입국·외국인사무소", "Daejeon Immigration Office", "office"),
  office("chuncheon", "춘천출입국·외국인사무소", "Chuncheon Immigration Office", "office"),
  office("changwon", "창원출입국·외국인사무소", "Changwon Immigration Office", "office"),
  office("yeosu", "여수출입국·외국인사무소", "Yeosu Immigration Office", "office"),
  office("jeonju", "전주출입국·외국인사무소", "Jeonju Immigration Office", "office"),
  office("ansan", "안산출장소", "Ansan Branch Office", "branch"),
  office("sejongno", "세종로출장소", "Sejong-ro Branch Office", "branch"),
  office("cheonan", "천안출장소", "Cheonan Branch Office", "branch"),
  office("pyeongtaek", "평택출장소", "Pyeongtaek Branch Office", "branch"),
  office("goyang", "고양출장소", "Goyang Branch Office", "branch"),
  office("gimhae", "김해출장소", "Gimhae Branch Office", "branch"),
  office("tongyeong", "통영출장소", "Tongyeong Branch Office", "branch"),
  office("sacheon", "사천출장소", "Sacheon Branch Office", "branch"),
  office("geoje", "거제출장소", "Geoje Branch Office", "branch"),
  office("gwangyang", "광양출장소", "Gwangyang Branch Office", "branch"),
  office("gumi", "구미출장소", "Gumi Branch Office", "branch"),
  office("pohang", "포항출장소", "Pohang Branch Office", "branch"),
  office("donghae", "동해출장소", "Donghae Branch Office", "branch"),
  office("sokcho", "속초출장소", "Sokcho Branch Office", "branch"),
  office("seosan", "서산출장소", "Seosan Branch Office", "branch"),
  office("dangjin", "당진출장소", "Dangjin Branch Office", "branch"),
  office("gunsan", "군산출장소", "Gunsan Branch Office", "branch"),
  office("mokpo", "목포출장소", "Mokpo Branch Office", "branch"),
];

export const officeById = (id: string): ImmigrationOffice | null => immigrationOffices.find((o) => o.id === id) ?? null;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const HOUR_MS = 60 * 60 * 1000;

/** "hh:mm" as minutes after midnight, or null. */
export function minutesOf(time: string): number | null {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Whether a visit at "hh:mm" falls in the office hours (from opening up to, not at, closing). */
export const inOfficeHours = (minutes: number) =>
  minutes >= OFFICE_HOURS.opens * 60 && minutes < OFFICE_HOURS.closes * 60;

/** The instant of "yyyy-mm-dd" "hh:mm" in Seoul (UTC + 9 h, no daylight saving), or null when not real. */
export function appointmentInstant(date: string, time: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const minutes = minutesOf(time);
  if (!match || minutes === null) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(y, m - 1, d);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return utc + minutes * 60_000 - 9 * HOUR_MS;
}

/** An instant as Seoul's "yyyy-mm-dd" and "hh:mm". */
export function seoulDateTime(at: number): { date: string; time: string } {
  const iso = new Date(at + 9 * HOUR_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}
