/**
 * The one form step that checks a texted code, for every flow that proves a
 * phone number (phone sign-in, both joins, recovery, phone change): where the
 * code went, how long it works, the code field, "verify", "send a new code", and
 * a way to use another number or ID. It submits `intent=verify` or
 * `intent=resend` to the page's action (verification/codes.server.ts `codeStepSchema`).
 *
 * Without JavaScript the page says until when the code works and the server
 * answers an early "send a new code"; with it, both count down live.
 */
import { getFormProps, getInputProps, type FieldMetadata, type FormMetadata } from "~/lib/formState";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import type { CodeTimes } from "~/verification/codes.server";
import { FieldError, FormAlert, SubmitButton } from "./form";
import { SentenceWithLtr, SentenceWithValues } from "./SentenceWithLtr";

/** 150 000 ms → "2:30". */
const minutesAndSeconds = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/**
 * The time now on the server's clock, ticking every second once hydrated (null
 * before, so the first render matches the server's). The phone's own clock may be
 * off: the offset to the server's clock is taken when the times arrive.
 */
function useServerNow(times: CodeTimes | null): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!times) return;
    const offset = Date.now() - times.now;
    const tick = () => setNow(Date.now() - offset);
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [times]);
  return now;
}

/**
 * The texted code: the keyboard's digits and the SMS suggestion (`one-time-code`). A pasted "123 456" is
 * accepted (the server reads digits only); with `autoSubmit` and JavaScript, six digits send the form at once
 * through its verify button, as soon as the page is not busy with an earlier answer (a slow phone may still be
 * loading it when the code is typed). Only the code step has one: here, it is in the code step's kit, not in the
 * form kit that every form page loads.
 */
function CodeField({ field, autoSubmit = false }: { field: FieldMetadata<string>; autoSubmit?: boolean }) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const input = useRef<HTMLInputElement>(null);
  // The six digits sent last (a double tap or a second input event does not send them twice), and six typed
  // while the page was busy, sent once it is idle.
  const sentFor = useRef<string | null>(null);
  const [waiting, setWaiting] = useState<string | null>(null);
  const send = (digits: string) => {
    const form = input.current?.form;
    const verify = form?.querySelector<HTMLButtonElement>('button[name="intent"][value="verify"]');
    if (!form || !verify || sentFor.current === digits) return;
    sentFor.current = digits;
    form.requestSubmit(verify);
  };
  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const element = event.currentTarget;
    const digits = element.value.normalize("NFKC").replace(/\D/g, "");
    if (digits !== element.value && digits.length <= 6) element.value = digits;
    if (!autoSubmit || digits.length !== 6) return setWaiting(null);
    if (navigation.state === "idle") send(digits);
    else setWaiting(digits);
  };
  useEffect(() => {
    if (waiting === null || navigation.state !== "idle") return;
    setWaiting(null);
    // Still what the field says: the person may have changed it meanwhile.
    if (input.current?.value.replace(/\D/g, "") === waiting) send(waiting);
  }, [waiting, navigation.state]);
  return (
    <div className="field">
      <label htmlFor={field.id}>{t("login.code")}</label>
      <input
        {...getInputProps(field, { type: "text" })}
        ref={input}
        inputMode="numeric"
        autoComplete="one-time-code"
        // Room for a pasted "123 456" or "123-456"; the server counts digits only.
        maxLength={12}
        onInput={onInput}
        // The screen exists for this field: the keyboard opens on it.
        autoFocus
        dir="ltr"
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function CodeStep({
  sentTo,
  code,
  verifyLabel,
  other,
  times,
}: {
  /** The sentence saying where the code went. */
  sentTo: ReactNode;
  code: FieldMetadata<string>;
  verifyLabel: string;
  /** A link or button to start again with another number or ID. */
  other?: ReactNode;
  /** The code's clock (codes.server.ts `codeTimes`); null when the flow has none to show. */
  times: CodeTimes | null;
}) {
  const { t } = useTranslation("auth");
  const now = useServerNow(times);
  const expired = times ? (now === null ? times.expired : now >= times.expiresAt) : false;
  const resendWait = times && now !== null ? times.resendAt - now : 0;
  return (
    <>
      <p>{sentTo}</p>
      <CodeField field={code} autoSubmit />
      {times ? (
        expired ? (
          <p className="code-timer code-timer--expired" role="status">
            {t("login.codeExpiredHint")}
          </p>
        ) : (
          <p className="code-timer">
            {now === null ? (
              <SentenceWithValues sentence={(v) => t("login.codeValidUntil", v)} values={{ time: times.validUntil }} />
            ) : (
              <SentenceWithValues
                sentence={(v) => t("login.codeTimeLeft", v)}
                values={{ time: minutesAndSeconds(times.expiresAt - now) }}
              />
            )}
          </p>
        )
      ) : null}
      {/* First of the form's buttons, so Enter verifies; drawn last, at the bottom of the screen (forms.css). */}
      <SubmitButton name="intent" value="verify">
        {verifyLabel}
      </SubmitButton>
      <p className="code-step__resend">
        <button
          type="submit"
          name="intent"
          value="resend"
          className="link-button"
          formNoValidate
          disabled={resendWait > 0}
        >
          {resendWait > 0 ? (
            <SentenceWithValues
              sentence={(v) => t("login.resendIn", v)}
              values={{ time: minutesAndSeconds(resendWait) }}
            />
          ) : (
            t("login.resend")
          )}
        </button>
      </p>
      {other}
    </>
  );
}

/**
 * A page that is the code step alone (phone sign-in, the phone join, recovery, the number change): the form, its
 * heading and message, and `CodeStep`. The routes keep their address, layout, flow and action, what the page
 * says above the step (`before`), and where "change number" leads (docs/decisions/0050).
 */
export function CodeStepPage<Fields extends Record<string, unknown>>({
  form,
  code,
  phone,
  sentTo,
  verifyLabel,
  times,
  changeNumber,
  other,
  before,
  children,
}: {
  form: FormMetadata<Fields>;
  code: FieldMetadata<string>;
  /** The (masked) number the code went to; or `sentTo`, another sentence saying where it went. */
  phone?: string;
  sentTo?: ReactNode;
  /** The button's words: "Verify" unless the step says more (phone sign-in: "Sign in"). */
  verifyLabel?: string;
  times: CodeTimes | null;
  /** The page where another number is typed ("change number"); or `other`, another way to start again. */
  changeNumber?: string;
  other?: ReactNode;
  /** Drawn above the heading (where a join stands). */
  before?: ReactNode;
  /** Drawn below the form's message (a way on that it explains). */
  children?: ReactNode;
}) {
  const { t } = useTranslation("auth");
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      {before}
      <h2>{t("login.codeHeading")}</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      {children}
      <CodeStep
        sentTo={
          phone !== undefined ? (
            <SentenceWithLtr sentence={(slot) => t("login.codeSent", { phone: slot })} value={phone} />
          ) : (
            sentTo
          )
        }
        code={code}
        verifyLabel={verifyLabel ?? t("login.verifyCode")}
        times={times}
        other={
          <p className="form__links">
            {changeNumber !== undefined ? <Link to={changeNumber}>{t("login.changeNumber")}</Link> : other}
          </p>
        }
      />
    </Form>
  );
}

/**
 * The page a code step becomes once its code proved a number that belongs to the other flow, offering it without
 * a second text: the phone join found a member's number (sign in with it), phone sign-in found no account (join
 * with it). The routes keep their words, the button's intent and where "change number" leads.
 */
export function ProvenNumberPage<Fields extends Record<string, unknown>>({
  form,
  heading,
  found,
  phone,
  intent,
  submit,
  changeNumber,
}: {
  form: FormMetadata<Fields>;
  heading: string;
  /** The sentence saying what the number is, the (masked) number in its slot. */
  found: (slot: string) => string;
  phone: string;
  intent: string;
  submit: string;
  changeNumber: string;
}) {
  const { t } = useTranslation("auth");
  return (
    <Form method="post" className="form" {...getFormProps(form)}>
      <h2>{heading}</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <p className="notice notice--success" role="status">
        <SentenceWithLtr sentence={found} value={phone} />
      </p>
      <SubmitButton name="intent" value={intent}>
        {submit}
      </SubmitButton>
      <p className="form__links">
        <Link to={changeNumber}>{t("login.changeNumber")}</Link>
      </p>
    </Form>
  );
}
