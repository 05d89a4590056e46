/**
 * An action that asks first (disconnecting a partner, publishing or unpublishing a notice, deleting from the
 * inbox; decision 0095). With JavaScript the form's button opens the message box (lib/dialog, spec §4) and,
 * confirmed, sends the form with `confirmed=yes`; cancelled or closed, nothing is sent. Without JavaScript the
 * form goes as it is, the action answers without acting, and the page shows `ConfirmPage` in its place: the same
 * question with a form that carries `confirmed=yes`. The action acts only on `confirmed=yes` (`isConfirmed`), so
 * an intent is never carried out on one tap either way; the form is an ordinary same-site POST (server/policy.ts
 * refuses a cross-site one).
 */
import { Form, Link, useSubmit } from "@remix-run/react";
import { useRef, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import { openMessageBox } from "~/lib/dialog/open";
import { CONFIRMED_FIELD } from "~/lib/confirm";

export interface ConfirmQuestion {
  title: string;
  message: string;
  /** The confirm button's words: the action itself ("Disconnect", "Publish"), never a bare "OK". */
  confirm: string;
}

/** Opens the message box on the form's submit; confirmed, sends the form (and its pressed button) with `confirmed=yes`. */
export function useConfirmSubmit(question: ConfirmQuestion) {
  const { t: common } = useTranslation();
  const submit = useSubmit();
  const asking = useRef(false);
  return async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (asking.current) return;
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const data = new FormData(form);
    if (submitter?.name) data.set(submitter.name, submitter.value);
    asking.current = true;
    try {
      await openMessageBox(
        { kind: "confirm", title: question.title, message: question.message, confirmButtonText: question.confirm },
        {
          confirm: common("dialog.confirm"),
          cancel: common("dialog.cancel"),
          close: common("dialog.close"),
          error: common("dialog.error"),
        },
      );
    } catch {
      return;
    } finally {
      asking.current = false;
    }
    data.set(CONFIRMED_FIELD, "yes");
    submit(data, { method: "post", action: form.getAttribute("action") ?? undefined, preventScrollReset: true });
  };
}

/** A form whose submit asks `question` first (above). `children`: its hidden fields and its button. */
export function ConfirmForm({
  question,
  className,
  children,
}: {
  question: ConfirmQuestion;
  className?: string;
  children: ReactNode;
}) {
  const onSubmit = useConfirmSubmit(question);
  return (
    <Form method="post" className={className} onSubmit={onSubmit}>
      {children}
    </Form>
  );
}

/**
 * The confirm page, without JavaScript: the question, a button that sends `fields` with `confirmed=yes`, and a way
 * back (`cancelTo`) that changes nothing. The browser opens on it (`autofocus`), as on a form's answer.
 */
export function ConfirmPage({
  question,
  fields,
  cancelTo,
  children,
}: {
  question: ConfirmQuestion;
  /** What the action needs again (the intent and the item), sent as hidden fields. */
  fields: Record<string, string>;
  cancelTo: string;
  /** More to show under the question (the item it is about). */
  children?: ReactNode;
}) {
  const { t: common } = useTranslation();
  return (
    <section className="confirm-page" aria-labelledby="confirm-page-title">
      <h2 id="confirm-page-title" className="confirm-page__title" tabIndex={-1} autoFocus>
        {question.title}
      </h2>
      <p className="confirm-page__message">{question.message}</p>
      {children}
      <Form method="post" className="confirm-page__actions">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
        <button type="submit" className="button button--primary button--block">
          {question.confirm}
        </button>
        <Link className="button button--secondary button--block" to={cancelTo}>
          {common("dialog.cancel")}
        </Link>
      </Form>
    </section>
  );
}
