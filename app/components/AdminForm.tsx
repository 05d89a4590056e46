/**
 * The parts of the admin area's content forms (notices, benefits, offers, terms):
 * a labelled field with its hint and message, one block per language of the app
 * (Korean, the original, first and open; the others open when filled or wrong: a
 * fixed set of plain fields, so the forms work without JavaScript, decision 0066),
 * and the reading of a reply's messages by field.
 */
import { Form, useActionData } from "@remix-run/react";
import type { FormEventHandler, ReactNode } from "react";
import type { TFunction } from "~/i18n/catalog";
import { useTranslation } from "~/i18n/useTranslation";
import { translateFormMessage } from "~/lib/formMessage";

export function AdminField({
  label,
  hint,
  error,
  id,
  children,
}: {
  label: string;
  hint?: string;
  error: string | null;
  id: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? <p className="field__hint">{hint}</p> : null}
      {children}
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}

/** A reply's messages by field name (conform's `error`), as the admin forms read them. */
export interface AdminReply {
  error?: Record<string, string[] | null | undefined> | null;
  initialValue?: Record<string, unknown> | null;
}

/**
 * The translated message of a field: its own, or the first of a field inside it (a list's items: "phones[1]",
 * a text's sections), so a message always lands next to the field the admin typed in.
 */
export function adminErrors(t: TFunction, reply: AdminReply | undefined) {
  const errors = Object.entries(reply?.error ?? {});
  /** `exact`: the field's own message only (the form's, "", or a group's, above the fields inside it). */
  return (name: string, exact = false): string | null => {
    const found = errors.find(
      ([key, messages]) =>
        messages?.length && (key === name || (!exact && (key.startsWith(`${name}.`) || key.startsWith(`${name}[`)))),
    );
    return translateFormMessage(t, found?.[1]?.[0]) ?? null;
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What an admin form's fields draw from: the reply (`Reply`, when the form came back), each field's message
 * (adminErrors), the form's own message (the whole item's, or its texts'), and each field's value by its dotted
 * name ("source.checkedOn"): what was typed when the form came back, else what is stored. `field(name)` is a
 * field's name, value and message together, as AdminInput and AdminSelect take them.
 */
export function useAdminForm<Reply extends AdminReply = AdminReply>(t: TFunction, stored: object | null | undefined) {
  const reply = useActionData<Reply>() as Reply | undefined;
  const errorOf = adminErrors(t, reply);
  const values = reply?.initialValue ?? stored ?? {};
  /** The value at a dotted name, as it is (a list of ticked boxes, a language's texts). */
  const valueAt = (name: string): unknown =>
    name.split(".").reduce<unknown>((value, part) => (isRecord(value) ? value[part] : undefined), values);
  const textAt = (name: string) => {
    const value = valueAt(name);
    return typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
  };
  return {
    reply,
    errorOf,
    formError: errorOf("", true) ?? errorOf("translations", true),
    valueAt,
    textAt,
    field: (name: string) => ({ name, value: textAt(name), error: errorOf(name) }),
    /** A language's texts (LanguageTexts' `text`). */
    textsIn: (language: string) => (valueAt(`translations.${language}`) ?? {}) as Record<string, string | undefined>,
  };
}

/** An admin form (a plain post: it works without JavaScript), its own message above its fields. */
export function AdminEditForm({
  error,
  onSubmit,
  top,
  children,
}: {
  error: string | null;
  /** With JavaScript, a step before the form is sent (a confirmation: the page kit's useConfirmSubmit). */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** Drawn above the form's message (the confirm step of a publish without JavaScript). */
  top?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="form" noValidate onSubmit={onSubmit}>
      {top}
      <AdminFormError message={error} />
      {children}
    </Form>
  );
}

export interface AdminLanguage {
  code: string;
  name: string;
  dir: "ltr" | "rtl";
}

/** One text field of every language block: its name in the item, label, and rows (0: one line). */
export interface LanguageField {
  field: string;
  label: string;
  rows: number;
  hint?: string;
  /** A bound on what may be typed (the schema's own bound says the message). */
  maxLength?: number;
}

/**
 * One block per language, Korean first and open (said to be the original); another opens when it holds text or a
 * message. Each block has the same fields, named `translations.<code>.<field>` and marked with their language and
 * direction.
 */
export function LanguageTexts({
  languages,
  fields,
  text,
  errorOf,
}: {
  languages: readonly AdminLanguage[];
  fields: readonly LanguageField[];
  /** What a language's fields hold now (typed, else stored). */
  text: (language: string) => Record<string, string | null | undefined>;
  errorOf: (name: string, exact?: boolean) => string | null;
}) {
  const { t } = useTranslation("admin");
  return (
    <>
      {languages.map((language) => {
        const values = text(language.code);
        const open =
          language.code === "ko" ||
          Object.values(values).some(Boolean) ||
          Boolean(errorOf(`translations.${language.code}`));
        return (
          <details key={language.code} className="admin-language" open={open}>
            <summary>
              {language.name} <span dir="ltr">({language.code})</span>
              {language.code === "ko" ? ` ${t("admin.edit.original")}` : null}
            </summary>
            {fields.map(({ field, label, rows, hint, maxLength }) => {
              const name = `translations.${language.code}.${field}`;
              const props = {
                id: name,
                name,
                className: "input",
                lang: language.code,
                dir: language.dir,
                defaultValue: values[field] ?? "",
                maxLength,
              };
              // A language's own message (unknown, or its original missing) shows at its first field.
              const error =
                errorOf(name) ?? (field === fields[0]!.field ? errorOf(`translations.${language.code}`) : null);
              return (
                <AdminField key={field} label={label} hint={hint} error={error} id={name}>
                  {rows ? <textarea {...props} rows={rows} /> : <input {...props} />}
                </AdminField>
              );
            })}
          </details>
        );
      })}
    </>
  );
}

/** The form's own message (the whole item's, or its texts'), above its fields. */
export function AdminFormError({ message }: { message: string | null }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** One line of text, named by the item's path; `dir="ltr"` for codes, links, numbers and dates. */
export function AdminInput({
  name,
  label,
  value,
  error,
  hint,
  type,
  dir,
  readOnly,
  maxLength,
  inputMode,
}: {
  name: string;
  label: string;
  value: string | undefined;
  error: string | null;
  hint?: string;
  type?: string;
  /** Left out: the page's direction (names and words). */
  dir?: "ltr";
  readOnly?: boolean;
  maxLength?: number;
  /** The keyboard a phone shows ("decimal" for amounts). */
  inputMode?: "decimal";
}) {
  return (
    <AdminField label={label} hint={hint} error={error} id={name}>
      <input
        id={name}
        name={name}
        type={type}
        className="input"
        dir={dir}
        defaultValue={value ?? ""}
        readOnly={readOnly}
        maxLength={maxLength}
        inputMode={inputMode}
        autoComplete="off"
      />
    </AdminField>
  );
}

/** The item's code: typed for a new item, shown and kept for a stored one (`stored`: its code, which its address names). */
export function ItemCodeField({
  name,
  hint,
  error,
  value,
  stored,
  maxLength = 64,
}: {
  name: string;
  hint: string;
  error: string | null;
  /** What was typed, for a new item. */
  value: string;
  stored: string | null | undefined;
  maxLength?: number;
}) {
  const { t } = useTranslation("admin");
  return (
    <AdminField label={t("admin.edit.itemCd")} hint={hint} error={error} id={name}>
      <input
        id={name}
        name={name}
        className="input"
        dir="ltr"
        defaultValue={stored ?? value}
        readOnly={Boolean(stored)}
        required
        maxLength={maxLength}
        autoComplete="off"
      />
    </AdminField>
  );
}

/** One of a fixed list (an item's category, a document, a currency), chosen: none is chosen before the admin does. */
export function AdminSelect({
  name,
  label,
  choose,
  error,
  value,
  choices,
  nameOf = (choice) => choice,
  required,
  dir,
}: {
  name: string;
  label: string;
  /** The empty choice's words. */
  choose: string;
  error: string | null;
  value: string;
  choices: readonly string[];
  /** A choice's words: the choice itself (a code) when not said. */
  nameOf?: (choice: string) => string;
  required?: boolean;
  /** `ltr` for codes. */
  dir?: "ltr";
}) {
  return (
    <AdminField label={label} error={error} id={name}>
      <select id={name} name={name} className="input" dir={dir} defaultValue={value} required={required}>
        <option value="">{choose}</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {nameOf(c)}
          </option>
        ))}
      </select>
    </AdminField>
  );
}

/** A box to tick (a flag of the item, or one of a list's values with `value`), its words after it. */
export function AdminCheckbox({
  name,
  label,
  checked,
  value,
}: {
  name: string;
  label: string;
  checked: boolean;
  value?: string;
}) {
  return (
    <label className="choice">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} /> {label}
    </label>
  );
}

/** An item's category (a notice's, a benefit's), one of `choices` by its words: none is chosen before the admin does. */
export function CategoryField(props: {
  name: string;
  error: string | null;
  value: string;
  choices: readonly string[];
  nameOf: (choice: string) => string;
}) {
  const { t } = useTranslation("admin");
  return <AdminSelect {...props} label={t("admin.edit.category")} choose={t("admin.edit.chooseCategory")} required />;
}

/** The form's one button: save. */
export function AdminSave({ label }: { label: string }) {
  return (
    <div className="admin-row__actions">
      <button type="submit" className="button button--primary">
        {label}
      </button>
    </div>
  );
}

/** The buttons of content that is published (notices, terms versions): save, and publish until it is. */
export function PublishActions({
  previewLabel,
  saveLabel,
  publishLabel,
  published,
}: {
  /** A preview of the texts first, where the form has one. */
  previewLabel?: string;
  saveLabel: string;
  publishLabel: string;
  published: boolean;
}) {
  return (
    <div className="admin-row__actions">
      {previewLabel ? (
        <button type="submit" name="intent" value="preview" className="button button--secondary">
          {previewLabel}
        </button>
      ) : null}
      <button type="submit" name="intent" value="save" className="button button--secondary">
        {saveLabel}
      </button>
      {published ? null : (
        <button type="submit" name="intent" value="publish" className="button button--primary">
          {publishLabel}
        </button>
      )}
    </div>
  );
}
