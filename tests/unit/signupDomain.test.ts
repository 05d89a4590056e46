/** Sign-up rules that need no server: step order, password rules, countries (the visa catalogue: visaCatalogue.test.ts). */
import { describe, expect, it } from "vitest";
import { passwordProblem } from "~/auth/password.server";
import { countriesIn, resolveCountry } from "~/countries/countries.server";
import { firstUnfinishedStep, redirectForStep, stepAfter, stepPosition, type SignupDraft } from "~/signup/steps";
import { requiredTermsAgreed } from "~/signup/terms";

const terms = { choices: { service: true, privacy: true, age14: true, marketing: false }, at: 1 };

describe("sign-up steps", () => {
  it("opens a step only when every step before it is done", () => {
    const draft: SignupDraft = { kind: "id", terms };
    expect(redirectForStep("id", null, "/member/agree")).toBeNull();
    expect(redirectForStep("id", null, "/member/userInfo")).toBe("/member/agree");
    expect(redirectForStep("id", draft, "/member/accountInfo")).toBeNull();
    expect(redirectForStep("id", draft, "/member/addInfo")).toBe("/member/accountInfo");
    expect(redirectForStep("id", { ...draft, email: "a@b.c", sealedPassword: "x" }, "/member/addInfo")).toBe(
      "/member/userInfo",
    );
    // A draft of the other flow does not open this one.
    expect(redirectForStep("phone", draft, "/sign/authNo")).toBe("/sign");
  });

  it("lets a member go back to a finished step, and knows the phone flow's order", () => {
    const done: SignupDraft = { kind: "phone", terms, phone: "+821012345678" };
    expect(redirectForStep("phone", done, "/sign/authNo")).toBeNull();
    expect(firstUnfinishedStep("phone", done)).toBe("/sign/choiceNation");
    expect(firstUnfinishedStep("phone", { kind: "phone", terms, pending: { phone: "+8210", codeId: "c" } })).toBe(
      "/sign/authNo",
    );
  });

  it("counts the phone join's screens as the member sees them, one after another", () => {
    const pending: SignupDraft = { kind: "phone", terms, pending: { phone: "+821012345678", codeId: "c" } };
    const seen = ["/sign", "/sign/authNo", "/sign/choiceNation"].map((p) => stepPosition("phone", p, pending));
    expect(seen).toEqual([
      { current: 1, total: 3 },
      { current: 2, total: 3 },
      { current: 3, total: 3 },
    ]);
    // A number proven on the sign-in screen: the join's code step is never shown, nor counted.
    const proven: SignupDraft = { kind: "phone", phone: "+821012345678", phoneProvenAtSignIn: true };
    expect(stepPosition("phone", "/sign", proven)).toEqual({ current: 1, total: 2 });
    expect(stepPosition("phone", "/sign/choiceNation", { ...proven, terms })).toEqual({ current: 2, total: 2 });
  });

  it("walks a Google joiner through the ID flow's screens without the ID and password step", () => {
    const google = { subject: "s", email: "g@example.com", sealedToken: "t", rawNonce: "n", requestUri: "http://x" };
    const agreed: SignupDraft = { kind: "google", google, terms, name: "Kim" };
    expect(stepAfter("google", "/member/agree")).toBe("/member/userInfo");
    expect(stepAfter("id", "/member/agree")).toBe("/member/accountInfo");
    expect(stepAfter("google", "/member/addInfo")).toBeNull();
    expect(stepPosition("google", "/member/userInfo")).toEqual({ current: 2, total: 3 });
    expect(stepPosition("id", "/member/userInfo")).toEqual({ current: 3, total: 4 });
    expect(stepPosition("google", "/member/userInfo", agreed)).toEqual({ current: 2, total: 3 });
    expect(redirectForStep("google", agreed, "/member/userInfo")).toBeNull();
    // A suggested name is not a finished step: the number still has to be verified.
    expect(redirectForStep("google", agreed, "/member/addInfo")).toBe("/member/userInfo");
    expect(redirectForStep("google", { kind: "google", google, name: "Kim" }, "/member/userInfo")).toBe(
      "/member/agree",
    );
    expect(() => stepPosition("google", "/member/accountInfo")).toThrow();
  });

  it("needs every required document, never the optional one", () => {
    expect(requiredTermsAgreed({ service: true, privacy: true, age14: true })).toBe(true);
    expect(requiredTermsAgreed({ service: true, privacy: true, marketing: true })).toBe(false);
  });
});

describe("password rules", () => {
  it.each([
    ["1234567", "passwordLength"],
    ["x".repeat(129), "passwordLength"],
    ["password1", "passwordCommon"],
    ["PASSWORD1", "passwordCommon"],
    ["minsu.kim", "passwordLikeId"],
    ["correct horse battery", null],
    ["비밀번호는길게쓰자", null],
    ["x".repeat(128), null],
  ])("%s → %s", (password, problem) => {
    expect(passwordProblem(password, "minsu.kim@example.com")).toBe(problem);
  });

  it("counts characters as people see them, not UTF-16 units", () => {
    expect(passwordProblem("😀😀😀😀😀😀😀😀", null)).toBeNull();
    expect(passwordProblem("😀".repeat(129), null)).toBe("passwordLength");
  });
});

describe("countries", () => {
  it("names every country in each language and maps names back to codes", () => {
    expect(countriesIn("ko").length).toBeGreaterThan(240);
    expect(resolveCountry("베트남", "ko")).toBe("VN");
    expect(resolveCountry("Uzbekistan", "ko")).toBe("UZ");
    expect(resolveCountry("  philippines ", "en")).toBe("PH");
    expect(resolveCountry("np", "en")).toBe("NP");
    expect(resolveCountry("Atlantis", "en")).toBeNull();
  });
});
