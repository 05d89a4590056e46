// @vitest-environment happy-dom
/**
 * The message box and prompt as the page uses them: attached to the body, overlay
 * z-index 2000, confirm/cancel/close outcomes, Escape and outside clicks (alerts
 * ignore both), hash changes, and prompt validation with Enter.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DialogDismissed, messageBox, promptBox } from "~/lib/dialog/messageBox";

const labels = { confirm: "OK", cancel: "Cancel", close: "Close", error: "error" };
const dialog = () => document.querySelector("dialog")!;
const button = (name: string) =>
  [...dialog().querySelectorAll("button")].find(
    (b) => b.textContent === name || b.getAttribute("aria-label") === name,
  )!;
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ resolved: value }),
    (error: unknown) => ({ rejected: error instanceof DialogDismissed ? error.action : error }),
  );
const escape = () => dialog().dispatchEvent(new Event("cancel", { cancelable: true }));
const backdropClick = () => dialog().dispatchEvent(new MouseEvent("click", { bubbles: true }));

afterEach(() => {
  document.body.innerHTML = "";
  document.body.style.overflow = "";
});

describe("message box", () => {
  it("opens on the page body, visible, above the page at z-index 2000", () => {
    void messageBox({ message: "Hello" }, labels).catch(() => undefined);
    expect(dialog().parentElement).toBe(document.body);
    expect(dialog().open).toBe(true);
    expect(dialog().style.zIndex).toBe("2000");
    expect(dialog().getAttribute("role")).toBe("alertdialog");
  });

  it("can be attached elsewhere", () => {
    const host = document.createElement("section");
    document.body.append(host);
    void messageBox({ message: "Hi", appendTo: host, zIndex: 3000 }, labels).catch(() => undefined);
    expect(dialog().parentElement).toBe(host);
    expect(dialog().style.zIndex).toBe("3000");
  });

  it("confirm resolves and removes the dialog", async () => {
    const result = outcome(messageBox({ kind: "confirm", message: "Sure?" }, labels));
    button("OK").click();
    expect(await result).toEqual({ resolved: { action: "confirm", value: "" } });
    expect(document.querySelector("dialog")).toBeNull();
  });

  it("cancel rejects with cancel; close rejects with cancel unless the distinction is on", async () => {
    let result = outcome(messageBox({ kind: "confirm", message: "?" }, labels));
    button("Cancel").click();
    expect(await result).toEqual({ rejected: "cancel" });

    result = outcome(messageBox({ kind: "confirm", message: "?" }, labels));
    button("Close").click();
    expect(await result).toEqual({ rejected: "cancel" });

    result = outcome(messageBox({ kind: "confirm", message: "?", distinguishCancelAndClose: true }, labels));
    button("Close").click();
    expect(await result).toEqual({ rejected: "close" });
  });

  it("an alert ignores Escape and clicks outside", async () => {
    const result = outcome(messageBox({ kind: "alert", message: "Note" }, labels));
    escape();
    backdropClick();
    expect(dialog().open).toBe(true);
    button("OK").click();
    expect(await result).toEqual({ resolved: { action: "confirm", value: "" } });
  });

  it("a confirm closes on Escape and on a click outside, unless told not to", async () => {
    let result = outcome(messageBox({ kind: "confirm", message: "?", distinguishCancelAndClose: true }, labels));
    escape();
    expect(await result).toEqual({ rejected: "close" });

    result = outcome(messageBox({ kind: "confirm", message: "?" }, labels));
    backdropClick();
    expect(await result).toEqual({ rejected: "cancel" });

    void messageBox(
      { kind: "confirm", message: "?", closeOnClickModal: false, closeOnPressEscape: false },
      labels,
    ).catch(() => undefined);
    escape();
    backdropClick();
    expect(dialog().open).toBe(true);
  });

  it("closes on a hash change by default, and not when that is turned off", async () => {
    const result = outcome(messageBox({ kind: "confirm", message: "?" }, labels));
    window.dispatchEvent(new Event("hashchange"));
    expect(await result).toEqual({ rejected: "cancel" });

    void messageBox({ kind: "confirm", message: "?", closeOnHashChange: false }, labels).catch(() => undefined);
    window.dispatchEvent(new Event("hashchange"));
    expect(dialog().open).toBe(true);
  });

  it("locks page scrolling while open", async () => {
    const result = outcome(messageBox({ kind: "confirm", message: "?" }, labels));
    expect(document.body.style.overflow).toBe("hidden");
    button("OK").click();
    await result;
  });
});

describe("prompt", () => {
  const type = (value: string) => {
    const input = dialog().querySelector<HTMLInputElement | HTMLTextAreaElement>(".msgbox__input")!;
    input.value = value;
    input.dispatchEvent(new Event("input"));
    return input;
  };
  const enter = (input: Element) =>
    input.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
  const error = () => dialog().querySelector(".msgbox__error")!.textContent;

  it("shows the default error for a value the pattern rejects, and blocks confirm", async () => {
    const result = outcome(promptBox({ message: "Code", inputPattern: /^\d{6}$/ }, labels));
    type("12ab");
    expect(error()).toBe("error");
    expect(button("OK").disabled).toBe(true);
    button("OK").click();
    expect(dialog().open).toBe(true);
    type("123456");
    expect(error()).toBe("");
    button("OK").click();
    expect(await result).toEqual({ resolved: { action: "confirm", value: "123456" } });
  });

  it("shows a validator's own message, or the custom message when it returns false", () => {
    void promptBox(
      {
        message: "Name",
        inputValidator: (v) => (v.length < 2 ? "Too short" : v !== "no" || false),
        inputErrorMessage: "Not allowed",
      },
      labels,
    ).catch(() => undefined);
    type("a");
    expect(error()).toBe("Too short");
    type("no");
    expect(error()).toBe("Not allowed");
  });

  it("confirms on Enter in a text input, never in a text area", async () => {
    const result = outcome(promptBox({ message: "Name" }, labels));
    enter(type("Minh"));
    expect(await result).toEqual({ resolved: { action: "confirm", value: "Minh" } });

    void promptBox({ message: "Story", inputType: "textarea" }, labels).catch(() => undefined);
    enter(type("line one"));
    expect(dialog().open).toBe(true);
  });

  it("does not confirm on Enter while the value is invalid", () => {
    void promptBox({ message: "Code", inputPattern: /^\d+$/ }, labels).catch(() => undefined);
    enter(type("x"));
    expect(dialog().open).toBe(true);
    expect(error()).toBe("error");
  });
});
