/**
 * Nationality as a searchable list that needs no JavaScript: a text input with a
 * datalist of every country named in the visitor's language. The server maps the
 * chosen name back to its code (countries/countries.server.ts).
 */
import { FieldError } from "~/components/form";

export function NationalityField({
  id,
  name,
  defaultValue,
  countries,
  errorId,
  errors,
  autoFocus,
  label,
  hint,
}: {
  id: string;
  name: string;
  defaultValue: string;
  countries: readonly { code: string; name: string }[];
  errorId: string;
  errors: string[] | undefined;
  autoFocus?: boolean;
  /** The field's label and hint, in the words of the page's own namespace. */
  label: string;
  hint: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        list={`${id}-list`}
        defaultValue={defaultValue}
        autoComplete="off"
        autoFocus={autoFocus}
        maxLength={100}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={`${id}-hint ${errorId}`}
      />
      <datalist id={`${id}-list`}>
        {countries.map((c) => (
          <option key={c.code} value={c.name} />
        ))}
      </datalist>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
