/**
 * The message box and prompt rules of spec §4–§5, as plain functions the DOM
 * layer (messageBox.ts) follows and unit tests check.
 */
export type DialogAction = "confirm" | "cancel" | "close";
export type DialogKind = "alert" | "confirm" | "prompt";

export interface DialogOptions {
  kind?: DialogKind;
  title?: string;
  message: string;
  confirmButtonText?: string;
  cancelButtonText?: string;
  /** Show the cancel button (default: every kind but alert). */
  showCancelButton?: boolean;
  /** When on, closing (×, Escape, outside click, hash change) rejects with "close" instead of "cancel". */
  distinguishCancelAndClose?: boolean;
  closeOnHashChange?: boolean;
  closeOnPressEscape?: boolean;
  closeOnClickModal?: boolean;
  /** Where the dialog is attached; the page body by default. */
  appendTo?: HTMLElement;
  zIndex?: number;
  inputPattern?: RegExp;
  inputValidator?: (value: string) => boolean | string;
  inputErrorMessage?: string;
  inputType?: "text" | "textarea" | "number" | "email" | "tel";
  inputValue?: string;
  inputPlaceholder?: string;
}

export const DEFAULT_DIALOG_Z_INDEX = 2000;

export function withDefaults(options: DialogOptions) {
  const kind = options.kind ?? "alert";
  return {
    ...options,
    kind,
    showCancelButton: options.showCancelButton ?? kind !== "alert",
    distinguishCancelAndClose: options.distinguishCancelAndClose ?? false,
    closeOnHashChange: options.closeOnHashChange ?? true,
    zIndex: options.zIndex ?? DEFAULT_DIALOG_Z_INDEX,
  };
}

/** Confirm resolves; cancel rejects; close rejects as "close" only when that distinction is on. */
export function settle(action: DialogAction, options: Pick<DialogOptions, "distinguishCancelAndClose">) {
  if (action === "confirm") return { resolved: true as const, action };
  return {
    resolved: false as const,
    action: action === "close" && options.distinguishCancelAndClose ? ("close" as const) : ("cancel" as const),
  };
}

/** Alerts never close on Escape or a click outside; other dialogs do unless told not to. */
export function closesOn(via: "escape" | "outside", options: DialogOptions): boolean {
  if ((options.kind ?? "alert") === "alert") return false;
  return via === "escape" ? (options.closeOnPressEscape ?? true) : (options.closeOnClickModal ?? true);
}

/**
 * The error to show for a prompt value, or null when it is valid. The pattern must
 * match; a validator returning false shows the same message, a string shows itself.
 */
export function promptError(value: string, options: DialogOptions, defaultMessage: string): string | null {
  const message = options.inputErrorMessage ?? defaultMessage;
  if (options.inputPattern) {
    options.inputPattern.lastIndex = 0;
    if (!options.inputPattern.test(value)) return message;
  }
  if (options.inputValidator) {
    const verdict = options.inputValidator(value);
    if (verdict === false) return message;
    if (typeof verdict === "string") return verdict;
  }
  return null;
}

/** Enter in the input confirms, except in a multi-line text area. */
export function enterConfirms(options: Pick<DialogOptions, "inputType">): boolean {
  return options.inputType !== "textarea";
}
