/**
 * The visa catalogue: current sub-types, legacy codes from older residence cards,
 * how typed codes are read, what may be chosen, how far each entry is confirmed,
 * and that every code has a name in every language.
 */
import fs from "node:fs";
import path from "node:path";
import { createInstance } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { supportedLanguages } from "~/i18n/config";
import { i18nOptions } from "~/i18n/i18n";
import {
  isChoosableVisa,
  isKnownVisa,
  legacyVisa,
  legacyVisas,
  normalizeVisaCode,
  statusOfVisa,
  visaStatus,
  visaStatuses,
  visaVerification,
} from "~/visa/catalogue";
import { searchVisas, visaEntryIn, visaLabel, visaNotices } from "~/visa/catalogue.server";

const localesDir = path.resolve(__dirname, "../../locales");

interface VisaNamespace {
  family: Record<string, string>;
  status: Record<string, { name: string; description: string }>;
  subtype: Record<string, string>;
  marks: Record<"legacy" | "noLongerIssued" | "currentEquivalent" | "secondary" | "unverified", string>;
}
const visaJson = (lng: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, lng, "visa.json"), "utf8")) as VisaNamespace;

// The server's translations, from the `visa` files alone: these tests read the catalogue, not the other namespaces.
vi.mock("~/i18n/instances.server", () => ({
  i18nFor: async (lng: string) => {
    const instance = createInstance();
    await instance.init({
      ...i18nOptions,
      lng,
      ns: ["visa"],
      resources: Object.fromEntries(supportedLanguages.map((l) => [l, { visa: visaJson(l) }])),
      initImmediate: false,
    });
    return instance;
  },
}));

const subtypeCodes = visaStatuses.flatMap((s) => s.subtypes);
const legacyCodes = legacyVisas.map((l) => l.code);
const allCodes = [...visaStatuses.map((s) => s.code), ...subtypeCodes, ...legacyCodes];

describe("the statuses", () => {
  it("include every status the product promises", () => {
    const promised = ["A-1", "A-2", "A-3", "B-1", "B-2", "C-1", "C-3", "C-4", "G-1", "H-1", "H-2"]
      .concat(Array.from({ length: 10 }, (_, i) => `D-${i + 1}`))
      .concat(Array.from({ length: 10 }, (_, i) => `E-${i + 1}`))
      .concat(Array.from({ length: 6 }, (_, i) => `F-${i + 1}`));
    expect(visaStatuses.map((s) => s.code)).toEqual(expect.arrayContaining(promised));
  });

  it("list each code once, sub-types under the status their code starts with", () => {
    expect(new Set(allCodes).size).toBe(allCodes.length);
    for (const status of visaStatuses) {
      for (const sub of status.subtypes) expect(sub.startsWith(`${status.code}-`), sub).toBe(true);
    }
  });

  it("keep H-2 closed since the merger into F-4, with no sub-type left to choose", () => {
    expect(visaStatus("H-2")?.closedSince).toBe("2026-02-12");
    expect(visaStatus("H-2")?.subtypes).toEqual([]);
  });

  it("list the 2026 sub-types of E-9, F-4, C-4 and the codes that contain letters", () => {
    expect(visaStatus("E-9")?.subtypes).toEqual(["E-9-1", "E-9-2", "E-9-3", "E-9-4", "E-9-5", "E-9-9", "E-9-10"]);
    expect(visaStatus("F-4")?.subtypes).toEqual(["F-4-41", "F-4-42", "F-4-R"]);
    expect(visaStatus("C-4")?.subtypes).toEqual(["C-4-5"]);
    expect(visaStatus("C-3")?.subtypes).toContain("C-3-10");
    for (const code of ["D-4-2K", "D-8-4S", "D-10-T", "E-7-4R", "E-7-S1", "E-7-T", "F-1-D", "F-2-7S", "F-2-R"]) {
      expect(subtypeCodes, code).toContain(code);
    }
    for (const code of ["F-3-1R", "F-4-R", "F-5-S1", "F-5-6R", "F-5-T", "A-3-99", "D-2-8", "G-1-19"]) {
      expect(subtypeCodes, code).toContain(code);
    }
  });
});

describe("legacy codes", () => {
  it.each([
    ["F-4-11", "F-4", "F-4"],
    ["F-4-27", "F-4", "F-4"],
    ["F-4-99", "F-4", "F-4"],
    ["E-9-6", "E-9", "E-9"],
    ["E-9-8", "E-9", "E-9"],
    ["C-3-11", "C-3", null],
    ["C-4-1", "C-4", "E-8"],
    ["D-3-1", "D-3", "D-3"],
    ["D-4-4", "D-4", "D-4"],
    ["F-2-1", "F-2", "F-6-1"],
    ["F-1-72", "F-1", null],
    ["H-2-1", "H-2", "F-4"],
    ["H-2-99", "H-2", "F-4"],
  ])("%s belongs to %s and is now %s", (code, status, currentEquivalent) => {
    expect(legacyVisa(code)).toEqual({ code, status, currentEquivalent });
    // An old card stays storable and is shown under its status.
    expect(isKnownVisa(code)).toBe(true);
    expect(statusOfVisa(code)?.code).toBe(status);
  });

  it("are never current codes, and what replaced them can be chosen today", () => {
    for (const old of legacyVisas) {
      expect(subtypeCodes, old.code).not.toContain(old.code);
      expect(visaStatus(old.status), old.code).not.toBeNull();
      if (old.currentEquivalent) expect(isChoosableVisa(old.currentEquivalent), old.code).toBe(true);
    }
  });

  it("leave current and unknown codes alone", () => {
    expect(legacyVisa("F-4-41")).toBeNull();
    expect(legacyVisa("F-4")).toBeNull();
    expect(legacyVisa("Z-9-9")).toBeNull();
    expect(isKnownVisa("F-4-28")).toBe(false);
    expect(isKnownVisa(42)).toBe(false);
  });
});

describe("choosable codes", () => {
  it("are the open statuses and their current sub-types", () => {
    for (const status of visaStatuses) {
      const open = !status.closedSince;
      expect(isChoosableVisa(status.code), status.code).toBe(open);
      for (const sub of status.subtypes) expect(isChoosableVisa(sub), sub).toBe(open);
    }
    expect(isChoosableVisa("F-4-R")).toBe(true);
    expect(isChoosableVisa("E-9-10")).toBe(true);
  });

  it("exclude legacy codes, H-2 and anything unknown", () => {
    for (const code of legacyCodes) expect(isChoosableVisa(code), code).toBe(false);
    expect(isChoosableVisa("H-2")).toBe(false);
    expect(isChoosableVisa("H-2-5")).toBe(false);
    expect(isChoosableVisa("VISA")).toBe(false);
    expect(isChoosableVisa(undefined)).toBe(false);
  });
});

describe("normalizeVisaCode", () => {
  it.each([
    ["d2", "D-2"],
    ["D 10", "D-10"],
    ["e-7-1", "E-7-1"],
    ["d21", "D-2-1"],
    ["f411", "F-4-11"],
    ["e910", "E-9-10"],
    ["visa", "VISA"],
    // Digit codes the catalogue does not know keep the shape they were typed in.
    ["D-2-9", "D-2-9"],
    ["d29", "D29"],
  ])("reads digit code %s as %s", (typed, code) => {
    expect(normalizeVisaCode(typed)).toBe(code);
  });

  it.each([
    ["d42k", "D-4-2K"],
    ["D-4-2k", "D-4-2K"],
    ["d 8 4s", "D-8-4S"],
    ["d10t", "D-10-T"],
    ["D_10_T", "D-10-T"],
    ["e7-4r", "E-7-4R"],
    ["e7s1", "E-7-S1"],
    ["E 7 S 1", "E-7-S1"],
    ["e-7-t", "E-7-T"],
    ["f1d", "F-1-D"],
    ["f-2-7s", "F-2-7S"],
    ["f2r", "F-2-R"],
    ["F31R", "F-3-1R"],
    ["f 4 r", "F-4-R"],
    ["f5s1", "F-5-S1"],
    ["F-5-6r", "F-5-6R"],
    [" f5t ", "F-5-T"],
  ])("reads letter code %s as %s", (typed, code) => {
    expect(normalizeVisaCode(typed)).toBe(code);
  });

  it("reads every code of the catalogue back however it is typed, with or without separators", () => {
    for (const code of allCodes) {
      const variants = [
        code,
        code.toLowerCase(),
        code.replace(/-/g, " "),
        code.replace(/-/g, "_"),
        code.replace(/-/g, ""),
      ];
      for (const typed of variants) expect(normalizeVisaCode(typed), typed).toBe(code);
    }
  });

  it("does not guess a letter code the catalogue lacks", () => {
    expect(normalizeVisaCode("e-7-y")).toBe("E-7-Y");
    expect(normalizeVisaCode("f4x")).toBe("F4X");
  });
});

describe("verification", () => {
  it("marks the entries the research notes could not confirm", () => {
    expect(visaVerification("D-8-4S")).toBe("unverified");
    expect(visaVerification("D-9-5")).toBe("unverified");
    for (const code of ["A-3-1", "D-7-91", "E-2-91", "E-7-91", "F-1-1", "F-2-5", "F-3-1R", "F-5-S1", "G-1-9"]) {
      expect(visaVerification(code), code).toBe("secondary");
    }
    for (const code of ["A-3-99", "C-3-10", "D-10-T", "E-9-10", "F-1-D", "F-4-41", "F-5-25", "G-1-19", "F-4"]) {
      expect(visaVerification(code), code).toBe("verified");
    }
    expect(visaVerification("Z-1")).toBeNull();
  });

  it("only marks sub-types of the status that lists them", () => {
    for (const status of visaStatuses) {
      for (const code of [...(status.secondary ?? []), ...(status.unverified ?? [])]) {
        expect(status.subtypes, `${status.code}: ${code}`).toContain(code);
      }
      const overlap = (status.secondary ?? []).filter((c) => status.unverified?.includes(c));
      expect(overlap, status.code).toEqual([]);
    }
  });
});

describe("translations", () => {
  it.each([...supportedLanguages])("in %s name every status, sub-type and legacy code, and nothing else", (lng) => {
    const visa = visaJson(lng);
    expect(Object.keys(visa.status).sort()).toEqual(visaStatuses.map((s) => s.code).sort());
    for (const [code, entry] of Object.entries(visa.status)) {
      expect(entry.name.trim(), code).not.toBe("");
      expect(entry.description.trim(), code).not.toBe("");
    }
    expect(Object.keys(visa.subtype).sort()).toEqual([...subtypeCodes, ...legacyCodes].sort());
    for (const [code, name] of Object.entries(visa.subtype)) expect(name.trim(), code).not.toBe("");
    expect(Object.keys(visa.marks).sort()).toEqual(
      ["currentEquivalent", "legacy", "noLongerIssued", "secondary", "unverified"].sort(),
    );
    expect(visa.marks.currentEquivalent).toContain("{{code}}");
    for (const key of ["secondary", "unverified"] as const) expect(visa.marks[key], key).toContain("1345");
  });

  it("use the Ministry's Korean names where the manuals give them", () => {
    const ko = visaJson("ko").subtype;
    expect(ko["C-3-4"]).toBe("단기상용");
    expect(ko["C-3-10"]).toBe("순수환승");
    expect(ko["D-2-8"]).toBe("방문학생");
    expect(ko["D-4-2K"]).toBe("기업 맞춤형 인턴십");
    expect(["E-9-1", "E-9-2", "E-9-3", "E-9-4", "E-9-5", "E-9-9", "E-9-10"].map((c) => ko[c])).toEqual([
      "제조업",
      "건설업",
      "농축산업",
      "어업",
      "서비스업",
      "임업",
      "광업",
    ]);
    expect(ko["F-4-R"]).toBe("지역특화동포");
  });
});

describe("the catalogue in a language", () => {
  it("offers only current sub-types, with their verification, and lists legacy codes apart", async () => {
    const f4 = await visaEntryIn("F-4", "en");
    expect(f4?.subtypes.map((s) => s.code)).toEqual(["F-4-41", "F-4-42", "F-4-R"]);
    expect(f4?.legacy.map((l) => l.code)).toContain("F-4-11");
    expect(f4?.legacy.find((l) => l.code === "F-2-1")).toBeUndefined();
    expect(f4?.legacy.every((l) => l.currentEquivalent === "F-4" && l.name.length > 0)).toBe(true);

    const d8 = await visaEntryIn("D-8", "ko");
    expect(d8?.subtypes.find((s) => s.code === "D-8-4S")?.verification).toBe("unverified");
    expect(d8?.subtypes.find((s) => s.code === "D-8-1")?.verification).toBe("verified");

    const e9 = await visaEntryIn("E-9", "vi");
    expect(e9?.subtypes.map((s) => s.code)).not.toContain("E-9-6");
    expect(e9?.legacy.map((l) => l.code)).toEqual(["E-9-6", "E-9-7", "E-9-8"]);
  });

  it("labels a legacy code from an old card like any other", async () => {
    expect(await visaLabel("F-4-11", "en")).toBe(`F-4-11 ${visaJson("en").subtype["F-4-11"]}`);
    expect(await visaLabel("D-4-2K", "ko")).toBe("D-4-2K 기업 맞춤형 인턴십");
  });

  it("tells a member what their stored code means today", async () => {
    const [en, ko] = [visaJson("en").marks, visaJson("ko").marks];
    expect(await visaNotices("F-4-11", "en")).toEqual([en.legacy, en.currentEquivalent.replace("{{code}}", "F-4")]);
    expect(await visaNotices("F-2-1", "ko")).toEqual([ko.legacy, ko.currentEquivalent.replace("{{code}}", "F-6-1")]);
    expect(await visaNotices("C-3-11", "en")).toEqual([en.legacy, en.noLongerIssued]);
    expect(await visaNotices("H-2", "en")).toEqual([en.noLongerIssued]);
    expect(await visaNotices("H-2-5", "en")).toEqual([
      en.legacy,
      en.noLongerIssued,
      en.currentEquivalent.replace("{{code}}", "F-4"),
    ]);
    expect(await visaNotices("D-9-5", "en")).toEqual([en.unverified]);
    expect(await visaNotices("F-5-S1", "en")).toEqual([en.secondary]);
    expect(await visaNotices("F-4-41", "en")).toEqual([]);
    expect(await visaNotices("nonsense", "en")).toEqual([]);
  });

  it("finds a status by a letter code or a legacy code typed loosely", async () => {
    const codes = async (query: string) =>
      (await searchVisas(query, "en")).flatMap((f) => f.statuses.map((s) => s.code));
    expect(await codes("d42k")).toEqual(["D-4"]);
    expect(await codes("f 4 r")).toEqual(["F-4"]);
    expect(await codes("f411")).toEqual(["F-4"]);
    expect(await codes("h25")).toEqual(["H-2"]);
  });
});
