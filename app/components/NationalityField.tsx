/**
 * Nationality as a searchable list that needs no JavaScript: a text input with a
 * datalist of every country named in the visitor's language. The server maps the
 * chosen name back to its code (members/countries.server.ts).
 */
import { useTranslation } from "~/i18n/useTranslation";
import { FieldError } from "~/components/form";

export function NationalityField({
  id,
  name,
  defaultValue,
  countries,
  errorId,
  errors,
  autoFocus,
}: {
  id: string;
  name: string;
  defaultValue: string;
  countries: readonly { code: string; name: string }[];
  errorId: string;
  errors: string[] | undefined;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("signup");
  return (
    <div className="field">
      <label htmlFor={id}>{t("signup.add.nationality")}</label>
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
        {t("signup.add.nationalityHint")}
      </p>
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
