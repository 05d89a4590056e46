/** Pieces every server-validated form shares. Messages are form-message keys (lib/formMessage.ts). */
import {
  getInputProps,
  useFormState,
  type FieldMetadata,
  type FormMetadata,
  type FormStateOptions,
  type SubmissionResult,
} from "~/lib/formState";
import { useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import { translateFormMessage } from "~/lib/formMessage";
import { Branded } from "./Branded";

/**
 * The form's state (`~/lib/formState`, conform's `useForm` for a form the server judges: decision 0008, 0108), with the server's messages kept true while
 * the member corrects the form (decision 0042). With JavaScript, a field's message goes as soon as the field's
 * value differs from what it was when the answer came (boxes ticked by "agree to all" and a chosen radio too),
 * and the form's own message as soon as any field does; a message comes back if the value is put back. An
 * answer that is gone (the action redirected to the same page, now at its next step) takes its messages with
 * it. Without JavaScript each answer is a new page with only its own messages.
 */
export function useForm<Schema extends Record<string, unknown>>(options: FormStateOptions<Schema>) {
  const { id, lastResult } = options;
  // The form's values when the answer was drawn, and the fields changed since, with the answer they are about.
  const answered = useRef<Map<string, string> | null>(null);
  const [edits, setEdits] = useState<{ of: unknown; names: string }>({ of: undefined, names: "" });
  useEffect(() => {
    // Runs after the fields' own effects (the password fields empty themselves after an answer).
    const form = document.forms.namedItem(id);
    answered.current = form ? valuesOf(form) : null;
    setEdits({ of: lastResult, names: "" });
  }, [id, lastResult]);
  useEffect(() => {
    let timer = 0;
    const onEdit = (event: Event) => {
      const target = event.target as { form?: unknown } | null;
      if (!target || !("form" in target) || (target.form as HTMLFormElement | null)?.id !== id) return;
      window.clearTimeout(timer);
      // Once the page's own handlers have drawn what the change does ("agree to all" ticks every box).
      timer = window.setTimeout(() => {
        const form = document.forms.namedItem(id);
        if (!form || !answered.current) return;
        const names = changedNames(answered.current, valuesOf(form)).join("\n");
        setEdits((current) => (current.names === names ? current : { of: current.of, names }));
      });
    };
    document.addEventListener("input", onEdit);
    document.addEventListener("change", onEdit);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("input", onEdit);
      document.removeEventListener("change", onEdit);
    };
  }, [id]);

  const result = lastResult as SubmissionResult<string[]> | null | undefined;
  const names = edits.of === lastResult ? edits.names : "";
  const answeredOnce = useRef(false);
  const edited = useRef<unknown>(undefined);
  if (result) answeredOnce.current = true;
  if (result && names) edited.current = result;
  const shown = useMemo((): SubmissionResult<string[]> | undefined => {
    if (!result) return answeredOnce.current ? { error: {} } : undefined;
    // The answer as it came (the focus then moves to its first wrong field), until the member edits.
    if (!names && edited.current !== result) return result;
    return withoutMessagesOf(result, names ? names.split("\n") : []);
  }, [result, names]);
  return useFormState<Schema>({ ...options, lastResult: shown });
}

/** The form's values as the page holds them, by name (several values of one name together; files by name and size). */
function valuesOf(form: HTMLFormElement): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, value] of new FormData(form)) {
    const text = typeof value === "string" ? value : `\u0000${value.name}:${value.size}`;
    values.set(name, values.has(name) ? `${values.get(name)}\u0001${text}` : text);
  }
  return values;
}

function changedNames(before: Map<string, string>, now: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...now.keys()])].filter((name) => before.get(name) !== now.get(name)).sort();
}

/**
 * An answer without the messages of the fields changed since (and without the form's own message once any
 * field changed). It has no status, so the focus does not move while the member types.
 */
function withoutMessagesOf(result: SubmissionResult<string[]>, changed: string[]): SubmissionResult<string[]> {
  const about = (key: string, name: string) => key === name || key.startsWith(`${name}[`) || key.startsWith(`${name}.`);
  const error = Object.fromEntries(
    Object.entries(result.error ?? {}).filter(([key]) =>
      key === "" ? changed.length === 0 : !changed.some((name) => about(key, name)),
    ),
  );
  return { error, state: result.state };
}

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

/**
 * The form's main button, at the bottom of the screen and kept there while the
 * form scrolls; disabled while the form is being sent, so a double tap sends once.
 */
export function SubmitButton({
  children,
  name,
  value,
  sticky = true,
}: {
  children: ReactNode;
  name?: string;
  value?: string;
  /** False where the form is one door among others on its page (the start screen). */
  sticky?: boolean;
}) {
  const navigation = useNavigation();
  const button = (
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
  return sticky ? <div className="form__actions">{button}</div> : button;
}

/**
 * For a form whose fields sit among other submit buttons (the visa finder's): the
 * first submit button of the form, so Enter in a field presses this one, the
 * form's main action. Hidden from eyes, keyboards and screen readers, which use
 * the visible main button.
 */
export function DefaultSubmit({ name, value }: { name: string; value: string }) {
  return (
    <button type="submit" name={name} value={value} className="visually-hidden" tabIndex={-1} aria-hidden="true" />
  );
}

type Field = FieldMetadata<string>;

/**
 * The name of the first field the last submit found wrong, in the order the
 * server said them (the schema's order, which is the form's): it gets
 * `autoFocus`, so without JavaScript the page opens on it. With JavaScript,
 * the form state focuses it when the answer arrives.
 */
export function firstErrorOf(form: Pick<FormMetadata, "allErrors">): string | null {
  return Object.entries(form.allErrors).find(([name, errors]) => name !== "" && errors.length > 0)?.[0] ?? null;
}

/** A country we text, as the number field offers it (phone/phoneNumber.server.ts `phoneCountriesIn`). */
export interface PhoneCountry {
  code: string;
  dial: string;
  name: string;
}

const KOREA = "KR";

/**
 * A mobile number and its country: Korea unless another is chosen (a number
 * typed with "+" and its country code works whatever is chosen). The example is
 * a Korean mobile number, shown while Korea is chosen. Autofill: `tel` (the whole number, which the field
 * takes with its "+"), the one token HTML allows on type="tel".
 */
export function PhoneField({
  field,
  country,
  countries,
  autoFocus,
}: {
  field: Field;
  country: Field;
  countries: readonly PhoneCountry[];
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("auth");
  const initial = typeof country.initialValue === "string" && country.initialValue ? country.initialValue : KOREA;
  const [chosen, setChosen] = useState(initial);
  return (
    <div className="field">
      <label htmlFor={field.id}>{t("login.phone")}</label>
      {/* Left to right in every language, as numbers are written: the calling code, then the number. */}
      <div className="phone-input" dir="ltr">
        {/* The chosen country shows as its calling code; the list names each country. */}
        <span className="phone-input__country">
          <select
            id={country.id}
            name={country.name}
            defaultValue={initial}
            aria-label={t("login.country")}
            onChange={(event) => setChosen(event.currentTarget.value)}
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {`${c.dial} ${c.name}`}
              </option>
            ))}
          </select>
          <span className="phone-input__dial" aria-hidden="true">
            {countries.find((c) => c.code === chosen)?.dial ?? "+82"}
          </span>
        </span>
        <input
          {...getInputProps(field, { type: "tel" })}
          autoComplete="tel"
          inputMode="tel"
          placeholder={chosen === KOREA ? "010-1234-5678" : undefined}
          autoFocus={autoFocus}
          aria-describedby={`${field.id}-hint ${field.errorId}`}
        />
      </div>
      <p className="field__hint" id={`${field.id}-hint`}>
        {t("login.phoneHint")}
      </p>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * A person's name as their papers write it (members/names.ts cleans it): the joins' and my page's. The label
 * and hint are in the words of the page's own namespace.
 */
export function NameField({
  field,
  label,
  hint,
  autoFocus,
}: {
  field: Field;
  label: string;
  hint: string;
  autoFocus?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input
        {...getInputProps(field, { type: "text" })}
        key={field.key}
        autoComplete="name"
        autoFocus={autoFocus}
        maxLength={50}
        aria-describedby={`${field.id}-hint ${field.errorId}`}
      />
      <p className="field__hint" id={`${field.id}-hint`}>
        {hint}
      </p>
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
  focus,
}: {
  password: Field;
  confirm: Field;
  label: string;
  answered: boolean;
  /** The field the last submit found wrong first (`firstErrorOf`): it opens focused. */
  focus?: string | null;
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
          autoFocus={focus === password.name}
          aria-describedby={`${password.id}-hint ${password.errorId}`}
        />
        <p className="field__hint" id={`${password.id}-hint`}>
          {t("member.newPassword.hint")}
        </p>
        <FieldError id={password.errorId} errors={password.errors} />
      </div>
      <div className="field">
        <label htmlFor={confirm.id}>{t("member.newPassword.confirm")}</label>
        <input
          {...getInputProps(confirm, { type: "password" })}
          ref={confirmRef}
          autoComplete="new-password"
          autoFocus={focus === confirm.name}
        />
        <FieldError id={confirm.errorId} errors={confirm.errors} />
      </div>
    </>
  );
}
