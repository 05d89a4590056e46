/** Pieces every server-validated form shares. Messages are form-message keys (lib/formMessage.ts). */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
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
  const { t } = useTranslation("auth");
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

type Field = FieldMetadata<string>;

/** A mobile number, with the hint on how to type foreign numbers. */
export function PhoneField({ field }: { field: Field }) {
  const { t } = useTranslation("auth");
  return (
    <div className="field">
      <label htmlFor={field.id}>{t("login.phone")}</label>
      <input
        {...getInputProps(field, { type: "tel" })}
        autoComplete="tel"
        inputMode="tel"
        aria-describedby={`${field.id}-hint ${field.errorId}`}
      />
      <p className="field__hint" id={`${field.id}-hint`}>
        {t("login.phoneHint")}
      </p>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A texted 6-digit code; the phone's keyboard offers the code from the message. */
export function CodeField({ field }: { field: Field }) {
  const { t } = useTranslation("auth");
  return (
    <div className="field">
      <label htmlFor={field.id}>{t("login.code")}</label>
      <input
        {...getInputProps(field, { type: "text" })}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * A new password and its confirmation. After any answer from the server both are
 * emptied, with JavaScript too: a password is never shown back.
 */
export function NewPasswordFields({
  password,
  confirm,
  label,
  answered,
}: {
  password: Field;
  confirm: Field;
  label: string;
  answered: boolean;
}) {
  const { t } = useTranslation("auth");
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!answered) return;
    if (passwordRef.current) passwordRef.current.value = "";
    if (confirmRef.current) confirmRef.current.value = "";
  }, [answered]);
  return (
    <>
      <div className="field">
        <label htmlFor={password.id}>{label}</label>
        <input
          {...getInputProps(password, { type: "password" })}
          ref={passwordRef}
          autoComplete="new-password"
          aria-describedby={`${password.id}-hint ${password.errorId}`}
        />
        <p className="field__hint" id={`${password.id}-hint`}>
          {t("member.newPassword.hint")}
        </p>
        <FieldError id={password.errorId} errors={password.errors} />
      </div>
      <div className="field">
        <label htmlFor={confirm.id}>{t("member.newPassword.confirm")}</label>
        <input {...getInputProps(confirm, { type: "password" })} ref={confirmRef} autoComplete="new-password" />
        <FieldError id={confirm.errorId} errors={confirm.errors} />
      </div>
    </>
  );
}
