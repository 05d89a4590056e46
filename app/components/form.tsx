/** Pieces every server-validated form shares. Messages are form-message keys (lib/formMessage.ts). */
import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translateFormMessage } from "~/lib/formMessage";

/** The form-level message (role=alert), or nothing. */
export function FormAlert({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p className="form-error" role="alert" id={id}>
      {translateFormMessage(t, errors[0])}
    </p>
  );
}

/** A field's message next to it, or nothing. */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p className="field__error" id={id}>
      {translateFormMessage(t, errors[0])}
    </p>
  );
}

/** A field people never see and bots fill in; actions refuse a form that has it filled. */
export function Honeypot() {
  const { t } = useTranslation();
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label>
        {t("member.startId.honeypot")}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

/** The form's main button, disabled while the form is being sent. */
export function SubmitButton({ children, name, value }: { children: ReactNode; name?: string; value?: string }) {
  const navigation = useNavigation();
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className="button button--primary button--block"
      disabled={navigation.state === "submitting"}
    >
      {children}
    </button>
  );
}
