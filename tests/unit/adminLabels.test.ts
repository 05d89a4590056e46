/**
 * The admin area's labels (app/admin/labels.ts, issue 41): every member of every list of stored values an admin
 * page names has a translation key, each key is in every language, and no language shows the value itself.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ADMIN_LABEL_MAPS,
  auditActionLabel,
  auditTargetLabel,
  RATE_OUTCOME_LABELS,
  rateOutcomeLabel,
} from "~/admin/labels";
import type { Ap01ErrorCode } from "~/finance/eximbank.server";
import { supportedLanguages } from "~/i18n/config";
import { AUDIT_ACTIONS, AUDIT_TARGET_KINDS, CORRIDOR_FACTS } from "~/stores/stores";

const localesDir = path.resolve(__dirname, "../../locales");

function lookup(lng: string, ns: string, key: string): unknown {
  let node: unknown = JSON.parse(fs.readFileSync(path.join(localesDir, lng, `${ns}.json`), "utf8"));
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return node;
}

// Every AP01 error code has its label (a compile error here otherwise).
const everyApCode: Record<`${Ap01ErrorCode}`, string> = RATE_OUTCOME_LABELS;

describe("admin labels", () => {
  it("cover every audit action, audit target and corridor fact", () => {
    const covered = (values: readonly string[]) => ADMIN_LABEL_MAPS.find((map) => values.every((v) => v in map.labels));
    expect(covered(AUDIT_ACTIONS)).toBeDefined();
    expect(covered(AUDIT_TARGET_KINDS)).toBeDefined();
    expect(covered(CORRIDOR_FACTS)).toBeDefined();
    expect(Object.keys(everyApCode)).toEqual(expect.arrayContaining(["2", "3", "4", "html", "format"]));
    for (const map of ADMIN_LABEL_MAPS) {
      for (const value of map.values) expect(map.labels[value as keyof typeof map.labels], value).toBeTruthy();
    }
  });

  it.each([...supportedLanguages])("are words in %s, never the stored value", (lng) => {
    const extra = [
      { ns: "admin", key: "admin.audit.action.other" },
      { ns: "admin", key: "admin.audit.targetOther" },
      { ns: "remittance", key: "corridorAdmin.providerTypical" },
      { ns: "remittance", key: "corridorAdmin.sourceResearch" },
    ];
    for (const { ns, values, labels } of ADMIN_LABEL_MAPS) {
      for (const value of values) {
        const key = labels[value as keyof typeof labels] as string;
        const text = lookup(lng, ns, key);
        expect(typeof text, `${lng} ${ns}:${key}`).toBe("string");
        expect(text, `${lng} ${ns}:${key}`).not.toBe(value);
      }
    }
    for (const { ns, key } of extra) expect(typeof lookup(lng, ns, key), `${lng} ${ns}:${key}`).toBe("string");
  });

  it("name an unknown value as such, never by itself", () => {
    expect(auditActionLabel("publish")).toBe("admin.audit.action.publish");
    expect(auditActionLabel("toString")).toBe("admin.audit.action.other");
    expect(auditTargetLabel("ssoClient")).toBe("admin.sections.partners");
    expect(auditTargetLabel("somethingNew")).toBe("admin.audit.targetOther");
    expect(rateOutcomeLabel("4")).toBe("exchange.admin.outcome.code4");
    expect(rateOutcomeLabel("teapot")).toBe("exchange.admin.outcome.other");
  });
});
