/**
 * Message box and prompt built on the native <dialog> element: focus is trapped
 * and the page behind is inert while it is open. Resolves on confirm and rejects
 * with "cancel" or "close" (see rules.ts).
 */
import { createScrollLock } from "../scrollLock";
import {
  closesOn,
  enterConfirms,
  promptError,
  settle,
  withDefaults,
  type DialogAction,
  type DialogOptions,
} from "./rules";

export interface DialogLabels {
  confirm: string;
  cancel: string;
  close: string;
  /** Default prompt error ("error" in the spec), translated. */
  error: string;
}

export interface DialogResult {
  action: "confirm";
  value: string;
}

export class DialogDismissed extends Error {
  override name = "DialogDismissed";
  constructor(readonly action: "cancel" | "close") {
    super(action);
  }
}

let scrollLock: ReturnType<typeof createScrollLock> | null = null;
let sequence = 0;

export function messageBox(input: DialogOptions, labels: DialogLabels): Promise<DialogResult> {
  const options = withDefaults(input);
  const doc = document;
  scrollLock ??= createScrollLock(doc.body);
  const id = `msgbox-${++sequence}`;
  const previousFocus = doc.activeElement as HTMLElement | null;

  const dialog = doc.createElement("dialog");
  dialog.className = `msgbox msgbox--${options.kind}`;
  dialog.setAttribute("role", options.kind === "alert" ? "alertdialog" : "dialog");
  dialog.setAttribute("aria-describedby", `${id}-message`);
  dialog.style.zIndex = String(options.zIndex);

  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
    const node = doc.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  const header = el("div", "msgbox__header");
  if (options.title) {
    const title = el("h2", "msgbox__title", options.title);
    title.id = `${id}-title`;
    dialog.setAttribute("aria-labelledby", title.id);
    header.append(title);
  }
  const closeButton = el("button", "msgbox__close", "×");
  closeButton.type = "button";
  closeButton.setAttribute("aria-label", labels.close);
  header.append(closeButton);

  const message = el("p", "msgbox__message", options.message);
  message.id = `${id}-message`;

  let field: HTMLInputElement | HTMLTextAreaElement | null = null;
  const error = el("p", "msgbox__error");
  error.id = `${id}-error`;
  error.setAttribute("role", "alert");
  if (options.kind === "prompt") {
    field = options.inputType === "textarea" ? el("textarea", "msgbox__input") : el("input", "msgbox__input");
    if (field instanceof HTMLInputElement) field.type = options.inputType ?? "text";
    field.value = options.inputValue ?? "";
    if (options.inputPlaceholder) field.placeholder = options.inputPlaceholder;
    field.setAttribute("aria-label", options.title ?? options.message);
    field.setAttribute("aria-describedby", error.id);
  }

  const actions = el("div", "msgbox__actions");
  const cancel = el("button", "button button--secondary", options.cancelButtonText ?? labels.cancel);
  cancel.type = "button";
  const confirm = el("button", "button button--primary", options.confirmButtonText ?? labels.confirm);
  confirm.type = "button";
  if (options.showCancelButton) actions.append(cancel);
  actions.append(confirm);

  dialog.append(header, message);
  if (field) dialog.append(field, error);
  dialog.append(actions);

  return new Promise<DialogResult>((resolve, reject) => {
    let done = false;

    const validate = () => {
      if (!field) return true;
      const problem = promptError(field.value, options, labels.error);
      error.textContent = problem ?? "";
      field.setAttribute("aria-invalid", problem ? "true" : "false");
      confirm.disabled = problem !== null;
      return problem === null;
    };

    const finish = (action: DialogAction) => {
      if (done) return;
      if (action === "confirm" && !validate()) return;
      done = true;
      window.removeEventListener("hashchange", onHashChange);
      dialog.close();
      dialog.remove();
      scrollLock?.unlock();
      previousFocus?.focus?.();
      const outcome = settle(action, options);
      if (outcome.resolved) resolve({ action: "confirm", value: field?.value ?? "" });
      else reject(new DialogDismissed(outcome.action));
    };

    const onHashChange = () => finish("close");
    if (options.closeOnHashChange) window.addEventListener("hashchange", onHashChange);

    confirm.addEventListener("click", () => finish("confirm"));
    cancel.addEventListener("click", () => finish("cancel"));
    closeButton.addEventListener("click", () => finish("close"));
    // Escape fires "cancel" on a modal dialog; alerts ignore it.
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      if (closesOn("escape", options)) finish("close");
    });
    // A click on the dialog element itself, not its content, is a click on the backdrop.
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog && closesOn("outside", options)) finish("close");
    });
    if (field) {
      field.addEventListener("input", validate);
      field.addEventListener("keydown", (event) => {
        const key = (event as KeyboardEvent).key;
        if (key === "Enter" && !(event as KeyboardEvent).isComposing && enterConfirms(options)) {
          event.preventDefault();
          finish("confirm");
        }
      });
    }

    (options.appendTo ?? doc.body).append(dialog);
    scrollLock?.lock();
    dialog.showModal();
    (field ?? confirm).focus();
  });
}

export function promptBox(options: Omit<DialogOptions, "kind">, labels: DialogLabels) {
  return messageBox({ ...options, kind: "prompt" }, labels);
}
