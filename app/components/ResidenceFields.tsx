/**
 * The last step of both joins: nationality, the visa (chosen in the visa finder:
 * its button saves what was typed and opens the finder, which sends the member
 * back with the choice) and the visa's expiry date.
 */
import { getInputProps, type FieldMetadata } from "~/lib/formState";
import { useTranslation } from "~/i18n/useTranslation";
import { FieldError } from "./form";
import { NationalityField } from "./NationalityField";

type Field = FieldMetadata<string | undefined>;

export function ResidenceFields({
  fields,
  countries,
  nationality,
  visa,
  visaLabel,
  focus,
}: {
  fields: { nationality: Field; visa: Field; visaExpiry: Field };
  countries: readonly { code: string; name: string }[];
  nationality: string;
  visa: string;
  visaLabel: string | null;
  /** The field the last submit found wrong first: it opens focused. */
  focus: string | null;
}) {
  const { t } = useTranslation("signup");
  return (
    <>
      <NationalityField
        id={fields.nationality.id}
        name={fields.nationality.name}
        defaultValue={String(fields.nationality.initialValue ?? nationality)}
        countries={countries}
        errorId={fields.nationality.errorId}
        errors={fields.nationality.errors}
        autoFocus={focus === "nationality"}
        label={t("signup.add.nationality")}
        hint={t("signup.add.nationalityHint")}
      />
      <div className="field visa-choice" role="group" aria-labelledby="visa-label">
        <span id="visa-label" className="field__label">
          {t("signup.add.visa")}
        </span>
        <input type="hidden" name="visa" value={visa} />
        <p className={visaLabel ? "visa-choice__value" : "muted"}>{visaLabel ?? t("signup.add.visaNone")}</p>
        <button
          type="submit"
          name="intent"
          value="findVisa"
          className="button button--secondary"
          formNoValidate
          autoFocus={focus === "visa"}
          aria-describedby={fields.visa.errorId}
        >
          {visa ? t("signup.add.changeVisa") : t("signup.add.findVisa")}
        </button>
        <FieldError id={fields.visa.errorId} errors={fields.visa.errors} />
      </div>
      <div className="field">
        <label htmlFor={fields.visaExpiry.id}>{t("signup.add.visaExpiry")}</label>
        <input
          {...getInputProps(fields.visaExpiry, { type: "date" })}
          min="2000-01-01"
          max="2099-12-31"
          autoFocus={focus === "visaExpiry"}
          aria-describedby={`${fields.visaExpiry.id}-hint ${fields.visaExpiry.errorId}`}
        />
        <p className="field__hint" id={`${fields.visaExpiry.id}-hint`}>
          {t("signup.add.visaExpiryHint")}
        </p>
        <FieldError id={fields.visaExpiry.errorId} errors={fields.visaExpiry.errors} />
      </div>
    </>
  );
}
