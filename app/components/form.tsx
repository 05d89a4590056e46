/** Pieces every server-validated form shares. Messages are form-message keys (lib/formMessage.ts). */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translateFormMessage } from "~/lib/formMessage";
import { Branded } from "./Branded";

/** The form-level message (role=alert), or nothing. */
export function FormAlert({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p className="form-error" role="alert" id={id}>
      <Branded>{translateFormMessage(t, errors[0]) ?? ""}</Branded>
    </p>
  );
}

/** A field's message next to it, or nothing. */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p className="field__error" id={id}>
      <Branded>{translateFormMessage(t, errors[0]) ?? ""}</Branded>
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
/**
 * The texted code: the keyboard's digits and the SMS suggestion (`one-time-code`).
 * A pasted "123 456" is accepted (the server reads digits only); with `autoSubmit`
 * and JavaScript, six digits send the form at once through its verify button.
 */
export function CodeField({ field, autoSubmit = false }: { field: Field; autoSubmit?: boolean }) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const sentFor = useRef<string | null>(null);
  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const digits = input.value.normalize("NFKC").replace(/\D/g, "");
    if (digits !== input.value && digits.length <= 6) input.value = digits;
    if (!autoSubmit || digits.length !== 6 || navigation.state !== "idle" || sentFor.current === digits) return;
    const verify = input.form?.querySelector<HTMLButtonElement>('button[name="intent"][value="verify"]');
    if (!input.form || !verify) return;
    // Once per code typed: a double tap or a second input event does not send it twice.
    sentFor.current = digits;
    input.form.requestSubmit(verify);
  };
  return (
    <div className="field">
      <label htmlFor={field.id}>{t("login.code")}</label>
      <input
        {...getInputProps(field, { type: "text" })}
        inputMode="numeric"
        autoComplete="one-time-code"
        // Room for a pasted "123 456" or "123-456"; the server counts digits only.
        maxLength={12}
        onInput={onInput}
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
