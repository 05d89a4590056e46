/**
 * The parts of the admin area's content forms (notices, benefits, offers, terms):
 * a labelled field with its hint and message, one block per language of the app
 * (Korean, the original, first and open; the others open when filled or wrong: a
 * fixed set of plain fields, so the forms work without JavaScript, decision 0066),
 * and the reading of a reply's messages by field.
 */
import type { ReactNode } from "react";
import type { TFunction } from "~/i18n/catalog";
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
 * One block per language, Korean first and open; another opens when it holds text or a message. Each block has the
 * same fields, named `translations.<code>.<field>` and marked with their language and direction.
 */
export function LanguageTexts({
  languages,
  originalLabel,
  fields,
  text,
  errorOf,
}: {
  languages: readonly AdminLanguage[];
  /** Said beside Korean: the original, required. */
  originalLabel: string;
  fields: readonly LanguageField[];
  /** What a language's fields hold now (typed, else stored). */
  text: (language: string) => Record<string, string | null | undefined>;
  errorOf: (name: string, exact?: boolean) => string | null;
}) {
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
              {language.code === "ko" ? ` ${originalLabel}` : null}
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
        autoComplete="off"
      />
    </AdminField>
  );
}

/** The item's code: typed for a new item, shown and kept for a stored one (its address names it). */
export function ItemCodeField({
  label,
  hint,
  error,
  value,
  stored,
  maxLength = 64,
}: {
  label: string;
  hint: string;
  error: string | null;
  value: string;
  stored: boolean;
  maxLength?: number;
}) {
  return (
    <AdminField label={label} hint={hint} error={error} id="itemCd">
      <input
        id="itemCd"
        name="itemCd"
        className="input"
        dir="ltr"
        defaultValue={value}
        readOnly={stored}
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
