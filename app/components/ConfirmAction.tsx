/**
 * An action that asks first (disconnecting a partner, publishing or unpublishing a notice, deleting from the
 * inbox; decision 0095). With JavaScript the form's button opens the message box (lib/dialog, spec §4) and,
 * confirmed, sends the form with `confirmed=yes`; cancelled or closed, nothing is sent. Without JavaScript the
 * form goes as it is, the action answers without acting, and the page shows `ConfirmPage` in its place: the same
 * question with a form that carries `confirmed=yes`. The action acts only on `confirmed=yes` (`isConfirmed`), so
 * an intent is never carried out on one tap either way; the form is an ordinary same-site POST (server/policy.ts
 * refuses a cross-site one).
 */
import { Form, Link, useFormAction, useSubmit } from "@remix-run/react";
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

/**
 * Opens the message box on the form's submit; confirmed, sends the form (and its pressed button) with
 * `confirmed=yes`. `asks`: for a form with several buttons, whether the pressed one asks first (the others submit
 * as they are).
 */
export function useConfirmSubmit(
  question: ConfirmQuestion,
  asks: (submitter: HTMLButtonElement | null) => boolean = () => true,
) {
  const { t: common } = useTranslation();
  const submit = useSubmit();
  const asking = useRef(false);
  return async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!asks(submitter)) return;
    event.preventDefault();
    if (asking.current) return;
    // The form sent: the target of a submit event (the handler may sit on a list of forms, useListForms).
    const form = event.target as HTMLFormElement;
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

/**
 * The small forms of one list (the inbox's rows, each with open, mark read and delete), sent through one handler on
 * the list instead of a `<Form>` each. Each row's form is a plain `<form method="post" action={action}>`, the markup
 * `<Form>` renders, so without JavaScript nothing changes; the list's `onSubmit` sends the submitted form through the
 * router with its pressed button, as `<Form>` would, and one whose pressed button `asks` goes through the confirm
 * step first. Why: each `<Form>` is two components and several hooks to hydrate. With one plain form a row, the
 * inbox went from 61 forms to 21 and hydrates at the home page's cost on a slow phone (decision 0119).
 */
export function useListForms(question: ConfirmQuestion, asks: (submitter: HTMLButtonElement | null) => boolean) {
  const action = useFormAction();
  const submit = useSubmit();
  const confirmSubmit = useConfirmSubmit(question, asks);
  function onSubmit(event: FormEvent<HTMLElement>) {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (asks(submitter)) {
      void confirmSubmit(event as FormEvent<HTMLFormElement>);
      return;
    }
    event.preventDefault();
    submit(submitter ?? form, { method: "post" });
  }
  return { action, onSubmit };
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
 * The confirm step inside a form that is itself the decision's content (the notice editor's "Save and publish",
 * decision 0103), without JavaScript: the form comes back with what was typed, this step at its top, and its
 * button sends the whole form again, as edited, with `confirmed=yes` and the button's intent. The form's own
 * buttons stay for editing on (the route leaves its own button for the act out while this step is shown).
 */
export function ConfirmStep({
  question,
  intent,
  note,
}: {
  question: ConfirmQuestion;
  /** The intent the confirm button sends (the act asked about). */
  intent: string;
  /** A line under the button: what to do instead. */
  note?: string;
}) {
  return (
    <section className="confirm-page" aria-labelledby="confirm-step-title">
      <h2 id="confirm-step-title" className="confirm-page__title" tabIndex={-1} autoFocus>
        {question.title}
      </h2>
      <p className="confirm-page__message">{question.message}</p>
      <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
      <div className="confirm-page__actions">
        <button type="submit" name="intent" value={intent} className="button button--primary button--block">
          {question.confirm}
        </button>
      </div>
      {note ? <p className="confirm-page__message">{note}</p> : null}
    </section>
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
