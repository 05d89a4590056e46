/**
 * A server-judged form's state in the browser: the part of conform's `useForm`, `getFormProps` and
 * `getInputProps` our forms use, without conform's client (about 8.5 KiB compressed on every form page,
 * docs/decisions/0108). The server still parses with conform (`parseWithZod`, `submission.reply()`): this reads
 * what that reply holds. Forms are validated on the server only (decision 0008), so there is nothing to check
 * here; what conform did in the browser for such a form, this does the same way:
 *
 * - ids (`<form id>-<name>`, `…-error`, `…-description`), `aria-invalid` and `aria-describedby` on a field with a
 *   message, `noValidate` on the form, a field's `form` attribute;
 * - a field's initial value: the reply's `initialValue` (what was sent), else the `defaultValue` given, each
 *   normalised as conform does (empty text is no value, `true` is `"on"`, numbers and dates are text);
 * - a new reply with `status: "error"` moves the focus to the first field it finds wrong, in the form's order;
 * - a reply with `initialValue: null` (`reply({ resetForm: true })`) or the form's `reset` event resets it: no
 *   messages, every field back to its default value, and new `key`s, so inputs keyed by them are drawn anew.
 *
 * Field names are flat (no `a.b` or `a[0]` paths): no form of ours nests them.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";

export type { SubmissionResult };

/** What a field's initial value is, as conform normalises it. */
type InitialValue<Value> = Value extends boolean
  ? "on" | undefined
  : Value extends readonly unknown[]
    ? string | string[] | undefined
    : string | undefined;

export interface FieldMetadata<Value = unknown> {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  errors: string[] | undefined;
  initialValue: InitialValue<Value>;
  /** Changes when the form is reset, so an input keyed by it is drawn anew. */
  key: string | undefined;
}

/** Every name of a form's fields, across the shapes its steps take (a union of objects). */
type NamesOf<Fields> = Fields extends unknown ? keyof Fields & string : never;
type ValueAt<Fields, Name extends string> = Fields extends unknown
  ? Name extends keyof Fields
    ? Fields[Name]
    : never
  : never;

export type Fieldset<Fields extends Record<string, unknown>> = {
  [Name in NamesOf<Fields>]: FieldMetadata<ValueAt<Fields, Name>>;
};

export interface FormMetadata<Fields extends Record<string, unknown> = Record<string, unknown>> {
  id: string;
  errorId: string;
  descriptionId: string;
  /** The form's own message (the reply's `""` key). */
  errors: string[] | undefined;
  /** Every message of the reply by name, the form's own under `""`. */
  allErrors: Record<string, string[]>;
  key: string | undefined;
  noValidate: true;
  getFieldset: () => Fieldset<Fields>;
}

/** A form's default values, as `useForm` takes them. */
export type DefaultValue<Fields extends Record<string, unknown>> = { [Name in keyof Fields]?: unknown } | undefined;

export interface FormStateOptions<Fields extends Record<string, unknown>> {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<Fields>;
  /** Accepted for conform's callers: the server judges every form, so the browser checks nothing. */
  shouldValidate?: "onSubmit";
}

/** One value as conform normalises it: empty text, an empty list or null is no value; one-item lists are the item. */
function normalise(value: unknown): unknown {
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    const items = value.map(normalise);
    if (items.length === 0) return undefined;
    return items.length === 1 && (typeof items[0] === "string" || items[0] === undefined) ? items[0] : items;
  }
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value)
      .map(([name, item]) => [name, normalise(item)] as const)
      .filter(([, item]) => item !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value;
}

function valuesOf(values: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const normalised = normalise(values ?? {});
  return normalised && typeof normalised === "object" && !Array.isArray(normalised)
    ? (normalised as Record<string, unknown>)
    : {};
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const isControl = (element: Element): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

function isDirty(element: Control): boolean {
  if (element instanceof HTMLInputElement) {
    if (element.type === "checkbox" || element.type === "radio") return element.checked !== element.defaultChecked;
    if (element.type === "file") return (element.files?.length ?? 0) > 0;
  }
  if (element instanceof HTMLSelectElement) return [...element.options].some((o) => o.selected !== o.defaultSelected);
  return element.value !== (element as HTMLInputElement | HTMLTextAreaElement).defaultValue;
}

/** Puts every named field back to its default value (none: empty), as conform's reset does. */
function resetFields(form: HTMLFormElement, defaults: Record<string, unknown>) {
  for (const element of [...form.elements]) {
    if (!isControl(element) || !element.name) continue;
    const raw = defaults[element.name];
    const wanted = typeof raw === "string" ? [raw] : Array.isArray(raw) ? raw.filter((v) => typeof v === "string") : [];
    const given = typeof raw === "string" || Array.isArray(raw);
    if (!given && !isDirty(element)) continue;
    if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
      const checked = wanted.includes(element.value);
      // A click, as conform makes it: the page's own handlers hear the change.
      if (checked !== element.checked && (element.type === "checkbox" || checked)) element.click();
      element.checked = checked;
      if (given) element.defaultChecked = checked;
    } else if (element instanceof HTMLInputElement && element.type === "file") {
      element.value = "";
    } else if (element instanceof HTMLSelectElement) {
      for (const option of element.options) {
        option.selected = wanted.includes(option.value);
        if (given) option.defaultSelected = option.selected;
      }
      if (wanted.length === 0) element.selectedIndex = -1;
    } else {
      if (given) element.defaultValue = wanted[0] ?? "";
      element.value = wanted[0] ?? "";
    }
  }
}

// useLayoutEffect does nothing on the server (and says so): the server draws the answer as it stands.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

let resets = 0;

/** The state of the form `id` from the server's last answer; returns its metadata and its fields'. */
export function useFormState<Fields extends Record<string, unknown>>(
  options: FormStateOptions<Fields>,
): [FormMetadata<Fields>, Fieldset<Fields>] {
  const { id, lastResult } = options;
  const latest = useRef(options);
  latest.current = options;
  const [state, setState] = useState(() => ({
    initialValue: valuesOf(lastResult?.initialValue ?? options.defaultValue),
    key: undefined as string | undefined,
    // The answer the form was reset after: its messages are not shown.
    resetAfter: undefined as unknown,
  }));

  const reset = () =>
    setState({
      initialValue: valuesOf(latest.current.defaultValue),
      key: `reset-${++resets}`,
      resetAfter: latest.current.lastResult,
    });

  // A new answer (not the one the page was drawn with): reset, or move the focus to its first wrong field.
  const drawn = useRef(lastResult);
  useBrowserLayoutEffect(() => {
    if (drawn.current === lastResult) return;
    drawn.current = lastResult;
    if (!lastResult) return;
    if (lastResult.initialValue === null) return reset();
    const form = document.forms.namedItem(id);
    if (!form || lastResult.status !== "error") return;
    for (const element of [...form.elements]) {
      if (isControl(element) && element.name && lastResult.error?.[element.name]) {
        element.focus();
        break;
      }
    }
  });

  useBrowserLayoutEffect(() => {
    const onReset = (event: Event) => {
      if (event.target === document.forms.namedItem(id) && !event.defaultPrevented) reset();
    };
    document.addEventListener("reset", onReset);
    return () => document.removeEventListener("reset", onReset);
  }, [id]);

  // Once drawn with the reset's keys, the fields that are not redrawn get their default values too.
  useEffect(() => {
    const form = document.forms.namedItem(id);
    if (state.key && form) resetFields(form, state.initialValue);
  }, [id, state.key, state.initialValue]);

  const allErrors: Record<string, string[]> = {};
  if (lastResult && lastResult !== state.resetAfter) {
    for (const [name, errors] of Object.entries(lastResult.error ?? {})) if (errors) allErrors[name] = errors;
  }
  const field = (name: string): FieldMetadata => {
    const fieldId = `${id}-${name}`;
    return {
      id: fieldId,
      name,
      formId: id,
      errorId: `${fieldId}-error`,
      descriptionId: `${fieldId}-description`,
      errors: allErrors[name],
      initialValue: state.initialValue[name] as string | undefined,
      key: state.key && `${state.key}/${name}`,
    };
  };
  const fields = new Proxy({} as Fieldset<Fields>, {
    get: (_, name) => (typeof name === "string" ? field(name) : undefined),
  });
  const form: FormMetadata<Fields> = {
    id,
    errorId: `${id}-error`,
    descriptionId: `${id}-description`,
    errors: allErrors[""],
    allErrors,
    key: state.key,
    noValidate: true,
    getFieldset: () => fields,
  };
  return [form, fields];
}

/** The form's attributes: its id, no browser checks, and its message described when there is one. */
export function getFormProps(form: FormMetadata<never> | FormMetadata) {
  return {
    id: form.id,
    noValidate: form.noValidate,
    ...(form.errors !== undefined ? { "aria-describedby": form.errorId } : {}),
  };
}

/** An input's attributes, as conform's `getInputProps` gives them for a field without client constraints. */
export function getInputProps(
  field: FieldMetadata<unknown>,
  options: { type: "checkbox" | "radio" | "date" | "email" | "password" | "tel" | "text"; value?: string | false },
) {
  const invalid = field.errors !== undefined;
  // In conform's order (the server's HTML is the same): the field, its messages, then its type and value.
  const props: Record<string, unknown> = { id: field.id, name: field.name, form: field.formId };
  if (invalid) {
    props["aria-invalid"] = true;
    props["aria-describedby"] = field.errorId;
  }
  props.type = options.type;
  if (options.value === undefined || options.value) {
    const initial = field.initialValue as string | string[] | undefined;
    if (options.type === "checkbox" || options.type === "radio") {
      props.value = typeof options.value === "string" ? options.value : "on";
      props.defaultChecked = Array.isArray(initial) ? initial.includes(props.value as string) : initial === props.value;
    } else if (typeof initial === "string") {
      props.defaultValue = initial;
    }
  }
  return props as {
    id: string;
    name: string;
    form: string;
    type: typeof options.type;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
    value?: string;
    defaultChecked?: boolean;
    defaultValue?: string;
  };
}
