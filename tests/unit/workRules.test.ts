/**
 * The shipped work rules (content/workRules.json, decision 0106): each valid as an import's item, every rule the
 * pages name present, every source dated, and nothing from a secondary source marked verified.
 */
import { describe, expect, it } from "vitest";
import { LEAVING_CODES } from "~/finance/leaving";
import { WORK_RULE_CODES, workRuleItem } from "~/finance/workRules.server";
import { shippedWorkRules } from "~/finance/workRulesKind.server";

describe("the shipped work rules", () => {
  const rules = shippedWorkRules();

  it("hold every rule the pages name, and the minimum wage of 2024, 2025 and 2026", () => {
    const codes = new Set(rules.map((rule) => rule.itemCd));
    for (const code of [...WORK_RULE_CODES, ...LEAVING_CODES]) expect(codes.has(code), code).toBe(true);
    const wages = rules.filter((rule) => rule.topic === "minimumWage").map((rule) => rule.figures);
    expect(wages).toEqual([
      { year: 2026, hourlyKrw: 10_320, monthlyKrw: 2_156_880, monthlyHours: 209 },
      { year: 2025, hourlyKrw: 10_030, monthlyKrw: 2_096_270, monthlyHours: 209 },
      { year: 2024, hourlyKrw: 9_860, monthlyKrw: 2_060_740, monthlyHours: 209 },
    ]);
    // The Ministry's monthly figure is the hourly one for 209 hours.
    for (const wage of wages) expect(wage!.monthlyKrw).toBe((wage!.hourlyKrw as number) * 209);
  });

  it("are verified only where the source is the statute itself (국가법령정보센터) or the agency's own page", () => {
    for (const rule of rules) {
      expect(rule.source.checkedOn, rule.itemCd).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(rule.source.name ?? rule.source.url, rule.itemCd).toBeTruthy();
      if (rule.verified) {
        expect(rule.source.url, rule.itemCd).toMatch(/^https:\/\/www\.(law\.go\.kr|hrdkorea\.or\.kr)\//);
      }
    }
    expect(rules.filter((rule) => rule.verified).map((rule) => rule.itemCd)).toEqual([
      "weekly-holiday",
      "severance",
      "average-wage",
      "severance-due",
      "leaving-dormant-insurance",
      "leaving-wages",
    ]);
  });

  it("cite the 2026 minimum wage by its notice (고용노동부고시 제2025-47호), unverified until read in the Gazette", () => {
    const wage = rules.find((rule) => rule.itemCd === "minimum-wage-2026")!;
    expect(wage.basis).toContain("고용노동부고시 제2025-47호");
    expect(wage.verified).toBe(false);
  });

  it("refuse a pension row without a country code or a known basis, and a checklist row with a bad number", () => {
    const row = rules.find((rule) => rule.topic === "pensionRefund")!;
    expect(workRuleItem.safeParse({ ...row, figures: { country: "Vietnam", refund: "none" } }).success).toBe(false);
    expect(workRuleItem.safeParse({ ...row, figures: { country: "VN", refund: "maybe" } }).success).toBe(false);
    const leaving = rules.find((rule) => rule.topic === "leaving")!;
    expect(workRuleItem.safeParse({ ...leaving, figures: { phone: "call us" } }).success).toBe(false);
    expect(workRuleItem.safeParse({ ...leaving, figures: { phone: "1577-0071" } }).success).toBe(true);
  });

  it("refuse a minimum wage without its year or hourly won", () => {
    const wage = rules.find((rule) => rule.topic === "minimumWage")!;
    expect(workRuleItem.safeParse({ ...wage, figures: { year: 2027 } }).success).toBe(false);
    expect(workRuleItem.safeParse({ ...wage, figures: { year: "2027", hourlyKrw: 10_000 } }).success).toBe(false);
    expect(workRuleItem.safeParse({ ...wage, verified: "yes" }).success).toBe(false);
  });
});
