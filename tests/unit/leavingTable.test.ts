/**
 * The National Pension refund table of /finance/leavingKorea (content/workRules.json, decision 0111): every
 * country the Employment Permit System takes workers from and every country of the remittance corridors has a row
 * with its source, or is marked unverified; a country with no row fails here, never silently on the page. And the
 * answer's rules: E-8, E-9 and H-2 holders are paid whatever the nationality, the EPS insurances are for E-9 and H-2.
 */
import { describe, expect, it } from "vitest";
import { shippedCorridors } from "~/finance/corridorsKind.server";
import { EPS_STATUSES, LEAVING_CODES, leavingLinkFor, leavingRows, pensionRefundAnswer } from "~/finance/leaving";
import { shippedWorkRules } from "~/finance/workRulesKind.server";

/**
 * The EPS sending countries: 16 from 2015 (the Philippines, Mongolia, Sri Lanka, Vietnam, Thailand, Uzbekistan,
 * Pakistan, Indonesia, Cambodia, China, Bangladesh, Kyrgyzstan, Nepal, Myanmar, Timor-Leste, Laos) and Tajikistan,
 * designated the 17th by the Foreign Workforce Policy Committee on 2023-12-29 (woorieconomy.com 3064694); "17개국"
 * in the Ministry of Employment and Labor's release of 2025-10-22 (moel.go.kr news_seq=18463). Checked 2026-12-03.
 */
const EPS_SENDING_COUNTRIES = [
  "PH",
  "MN",
  "LK",
  "VN",
  "TH",
  "UZ",
  "PK",
  "ID",
  "KH",
  "CN",
  "BD",
  "KG",
  "NP",
  "MM",
  "TL",
  "LA",
  "TJ",
];

const rules = shippedWorkRules();
const table = new Map(
  rules
    .filter((rule) => rule.topic === "pensionRefund")
    .map((rule) => [rule.figures!.country as string, rule] as const),
);

describe("the pension refund table", () => {
  it("lists the Ministry's 17 EPS sending countries and our 19 corridors", () => {
    expect(new Set(EPS_SENDING_COUNTRIES).size).toBe(17);
    expect(shippedCorridors().length).toBe(19);
  });

  it("has a sourced answer, or one marked unverified, for every EPS country and every corridor's country", () => {
    const countries = new Set([...EPS_SENDING_COUNTRIES, ...shippedCorridors().map((c) => c.country)]);
    const gaps: string[] = [];
    for (const country of countries) {
      const row = table.get(country);
      if (!row) {
        gaps.push(country);
        continue;
      }
      expect(["agreement", "reciprocity", "none"], country).toContain(row.figures!.refund);
      const sourced = Boolean(row.source.name ?? row.source.url) && /^\d{4}-\d{2}-\d{2}$/.test(row.source.checkedOn);
      expect(sourced || !row.verified, country).toBe(true);
      expect(row.translations.ko?.title, country).toBeTruthy();
    }
    expect(gaps, "countries with no pension refund row").toEqual([]);
  });

  it("holds one row per country, none of them verified while the NPS list itself is unread", () => {
    const rows = rules.filter((rule) => rule.topic === "pensionRefund");
    expect(new Set(rows.map((r) => r.figures!.country)).size).toBe(rows.length);
    expect(rows.filter((r) => r.verified)).toEqual([]);
  });
});

describe("the answer", () => {
  it("pays E-8, E-9 and H-2 holders whatever the nationality", () => {
    for (const status of ["E-8", "E-9", "H-2"]) {
      expect(pensionRefundAnswer(status, "none")).toEqual({ eligible: true, because: "visa" });
      expect(pensionRefundAnswer(status, undefined)).toEqual({ eligible: true, because: "visa" });
    }
  });

  it("follows the table on another visa, and says when the table has no answer", () => {
    expect(pensionRefundAnswer("E-7", "agreement")).toEqual({ eligible: true, because: "agreement" });
    expect(pensionRefundAnswer("D-2", "reciprocity")).toEqual({ eligible: true, because: "reciprocity" });
    expect(pensionRefundAnswer("F-4", "none")).toEqual({ eligible: false, because: "none" });
    expect(pensionRefundAnswer("F-4", undefined)).toEqual({ eligible: null, because: "noAnswer" });
    // Vietnam's row: no refund by nationality, so an E-7 is not paid and an E-9 is.
    const vn = table.get("VN")!.figures!.refund as "none";
    expect(pensionRefundAnswer("E-7", vn).eligible).toBe(false);
    expect(pensionRefundAnswer("E-9", vn).eligible).toBe(true);
    expect(pensionRefundAnswer("E-7", table.get("PH")!.figures!.refund as "reciprocity").eligible).toBe(true);
  });

  it("lists the EPS insurances for E-9 and H-2 only, and every row the checklist shows is a known one", () => {
    expect(EPS_STATUSES).toEqual(["E-9", "H-2"]);
    const eps = leavingRows("E-9");
    expect(eps).toContain("leaving-departure-insurance");
    expect(eps).toContain("leaving-dormant-insurance");
    expect(leavingRows("H-2")).toEqual(eps);
    const other = leavingRows("E-7");
    expect(other).not.toContain("leaving-departure-insurance");
    expect(other).not.toContain("leaving-return-cost");
    expect(other[0]).toBe("leaving-pension-refund");
    for (const code of eps) expect(LEAVING_CODES).toContain(code);
  });

  it("links home to the checklist for E-9 and H-2 members only, on their nationality and visa", () => {
    expect(leavingLinkFor({ nationality: "VN", status: "E-9" })).toBe(
      "/finance/leavingKorea?nationality=VN&visa=E-9#result",
    );
    expect(leavingLinkFor({ nationality: null, status: "H-2" })).toBe("/finance/leavingKorea?visa=H-2#result");
    expect(leavingLinkFor({ nationality: "VN", status: "E-7" })).toBeNull();
    expect(leavingLinkFor({ nationality: "VN", status: null })).toBeNull();
  });
});
