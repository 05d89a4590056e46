import { describe, expect, it } from "vitest";
import { closesOn, enterConfirms, promptError, settle, withDefaults } from "~/lib/dialog/rules";

describe("message box rules", () => {
  it("defaults: closes on hash change, overlay z-index 2000", () => {
    const options = withDefaults({ message: "hi" });
    expect(options.closeOnHashChange).toBe(true);
    expect(options.zIndex).toBe(2000);
  });

  it("confirm resolves, cancel rejects", () => {
    expect(settle("confirm", {})).toEqual({ resolved: true, action: "confirm" });
    expect(settle("cancel", {})).toEqual({ resolved: false, action: "cancel" });
  });

  it("close rejects as cancel unless the distinction is enabled", () => {
    expect(settle("close", {})).toEqual({ resolved: false, action: "cancel" });
    expect(settle("close", { distinguishCancelAndClose: true })).toEqual({ resolved: false, action: "close" });
  });

  it("alerts ignore Escape and outside clicks; others honour their options", () => {
    expect(closesOn("escape", { kind: "alert", message: "" })).toBe(false);
    expect(closesOn("outside", { kind: "alert", message: "", closeOnClickModal: true })).toBe(false);
    expect(closesOn("escape", { kind: "confirm", message: "" })).toBe(true);
    expect(closesOn("outside", { kind: "confirm", message: "", closeOnClickModal: false })).toBe(false);
  });
});

describe("prompt validation", () => {
  const base = { kind: "prompt" as const, message: "?" };

  it("a pattern that does not match shows the custom message, or the default", () => {
    expect(promptError("abc", { ...base, inputPattern: /^\d+$/ }, "error")).toBe("error");
    expect(promptError("abc", { ...base, inputPattern: /^\d+$/, inputErrorMessage: "digits only" }, "error")).toBe(
      "digits only",
    );
    expect(promptError("123", { ...base, inputPattern: /^\d+$/ }, "error")).toBeNull();
  });

  it("a global pattern is not fooled by lastIndex", () => {
    const pattern = /\d/g;
    expect(promptError("1", { ...base, inputPattern: pattern }, "e")).toBeNull();
    expect(promptError("1", { ...base, inputPattern: pattern }, "e")).toBeNull();
  });

  it("a validator returning false shows the same message; a string shows itself", () => {
    expect(promptError("x", { ...base, inputValidator: () => false, inputErrorMessage: "bad" }, "error")).toBe("bad");
    expect(promptError("x", { ...base, inputValidator: () => "too short" }, "error")).toBe("too short");
    expect(promptError("x", { ...base, inputValidator: () => true }, "error")).toBeNull();
  });

  it("Enter confirms except in a text area", () => {
    expect(enterConfirms({ inputType: "text" })).toBe(true);
    expect(enterConfirms({})).toBe(true);
    expect(enterConfirms({ inputType: "textarea" })).toBe(false);
  });
});
