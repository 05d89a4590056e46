/**
 * The sign-in code's text message follows the carriers' rule (app/infra/sms/eucKr.server.ts), as the reminders do:
 * in every language it is EUC-KR (KS X 1001) text within one LMS that carries the code, in the visitor's own
 * words where EUC-KR can carry them, otherwise in Korean and English.
 */
import { describe, expect, it } from "vitest";
import { supportedLanguages } from "~/i18n/config";
import { i18nFor } from "~/i18n/instances.server";
import { eucKrLength, LMS_MAX_BYTES } from "~/infra/sms/eucKr.server";
import { codeSmsText } from "~/verification/codes.server";

const CODE = "493817";

async function textIn(lng: string) {
  const t = (await i18nFor(lng)).getFixedT(lng, "auth");
  return (code: string) => t("login.sms", { code });
}

describe("the sign-in code's text message", () => {
  it("is deliverable EUC-KR within one LMS and carries the code, in all 19 languages", async () => {
    expect(supportedLanguages).toHaveLength(19);
    const [korean, english] = [await textIn("ko"), await textIn("en")];
    const fellBack: string[] = [];
    for (const lng of supportedLanguages) {
      const own = await textIn(lng);
      expect(own(CODE), lng).not.toContain("login.sms");
      const sms = codeSmsText(own, korean, english, CODE);
      expect(eucKrLength(sms.text), lng).toBe(sms.bytes);
      expect(sms.bytes, lng).toBeLessThanOrEqual(LMS_MAX_BYTES);
      expect(sms.text, lng).toContain(CODE);
      if (sms.language === "own") expect(sms.text).toBe(own(CODE));
      else {
        // A language EUC-KR cannot carry: the Korean line, then the English one.
        expect(eucKrLength(own(CODE)), lng).toBeNull();
        expect(sms.text).toBe(`${korean(CODE)}\n${english(CODE)}`);
        fellBack.push(lng);
      }
    }
    // Korean and English are always their own words; Vietnamese (ờ, ự) and Urdu never fit.
    expect(fellBack).not.toContain("ko");
    expect(fellBack).not.toContain("en");
    expect(fellBack).toEqual(expect.arrayContaining(["vi", "ur"]));
  });

  it("is one short SMS in Korean", async () => {
    const korean = await textIn("ko");
    expect(codeSmsText(korean, korean, await textIn("en"), CODE)).toMatchObject({ type: "sms", language: "own" });
  });
});
