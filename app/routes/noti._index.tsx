/**
 * The inbox: the member's notifications, newest first, a page at a time. Opening
 * one marks it read and goes to its subject; one or all can be marked read, and
 * one deleted, asked first (the message box with JavaScript, a confirm page without; decision 0095). Plain
 * forms: it all works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { Confirmation, featureStyles, RouteErrorBoundary, SentenceWithValues, TimeAgo } from "~/pageKit";
import { ConfirmPage, useListForms } from "~/kits/editing";
import {
  badRequest,
  INBOX_PAGE_SIZE,
  inboxAudience,
  inboxItem,
  inboxSchema,
  isConfirmed,
  json,
  languageOf,
  readForm,
  redirect,
  requireMember,
  safeRedirect,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.community],
  i18n: ["inbox"],
  layout: "default",
  title: "titles.inbox",
  tab: "noti",
  back: "/",
  personal: true,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context.services);
  const { notifications } = context.services.stores;
  const after = new URL(request.url).searchParams.get("after");
  const now = Date.now();
  // Published notices come with the member's own notifications (decision 0052).
  const audience = await inboxAudience(context.services, member.uid, now);
  const [lng, page, unread] = await Promise.all([
    languageOf(request),
    notifications.listFor(member.uid, { after, limit: INBOX_PAGE_SIZE }, audience),
    notifications.unreadCount(member.uid, audience),
  ]);
  if (!page.ok) badRequest();
  return json({ items: page.items.map((n) => inboxItem(n, lng, now)), next: page.next, unread });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = await requireMember(request, context.services);
  const { notifications } = context.services.stores;
  const fields = await readForm(request);
  const parsed = inboxSchema.safeParse(Object.fromEntries(fields));
  if (!parsed.success) badRequest();
  const now = Date.now();
  const form = parsed.data;
  switch (form.intent) {
    case "open": {
      // The destination comes from the stored notification, never from the form.
      const found = await notifications.find(
        member.uid,
        form.id,
        await inboxAudience(context.services, member.uid, now),
      );
      if (!found) return redirect("/noti");
      await notifications.markRead(member.uid, form.id, now);
      return redirect(safeRedirect(inboxItem(found, "en", now).href, "/noti"));
    }
    case "read":
      await notifications.markRead(member.uid, form.id, now);
      return json({ ok: true });
    case "delete": {
      // Without JavaScript: the confirm page first, naming the notification; nothing changes until it is answered.
      if (!isConfirmed(fields)) {
        const found = await notifications.find(
          member.uid,
          form.id,
          await inboxAudience(context.services, member.uid, now),
        );
        if (!found) return json({ ok: true, deleted: false });
        const { id, message } = inboxItem(found, await languageOf(request), now);
        return json({ ok: true, confirmDelete: { id, message } });
      }
      const deleted = await notifications.remove(member.uid, form.id);
      return json({ ok: true, deleted });
    }
    case "readAll":
      await notifications.markAllRead(member.uid, now);
      return json({ ok: true });
  }
}

/** What the action answers besides its redirects. */
interface InboxAnswer {
  ok: true;
  deleted?: boolean;
  confirmDelete?: { id: string; message: { key: string; values: Record<string, string | number> } };
}

export default function InboxRoute() {
  const { t } = useTranslation("inbox");
  const { t: tc } = useTranslation("common");
  const { items, next, unread } = useLoaderData<typeof loader>();
  const answer = useActionData<InboxAnswer>();
  const question = { title: t("deleteTitle"), message: t("deleteMessage"), confirm: t("delete") };
  // The rows' forms are plain forms sent through the list: 61 <Form>s made this page slow to hydrate (decision 0119).
  const rows = useListForms(question, (submitter) => submitter?.value === "delete");
  if (answer?.confirmDelete) {
    const item = answer.confirmDelete;
    return (
      <ConfirmPage question={question} fields={{ intent: "delete", id: item.id }} cancelTo="/noti">
        <p className="confirm-page__item">
          <InboxMessage message={item.message} />
        </p>
      </ConfirmPage>
    );
  }
  return (
    <div className="inbox">
      {answer?.deleted ? (
        <Confirmation answer={answer}>
          <p>{t("deleted")}</p>
        </Confirmation>
      ) : null}
      <div className="inbox-toolbar">
        <p className="muted">
          <SentenceWithValues sentence={(v) => t("unread", v)} count={unread} />
        </p>
        {unread > 0 ? (
          <Form method="post">
            <button type="submit" name="intent" value="readAll" className="link-button">
              {t("readAll")}
            </button>
          </Form>
        ) : null}
      </div>
      {items.length === 0 ? <p className="empty-state">{t("empty")}</p> : null}
      <ul className="card-list inbox-list" onSubmit={rows.onSubmit}>
        {items.map((item) => (
          <li key={item.id} className={item.unread ? "inbox-item inbox-item--unread" : "inbox-item"}>
            {/* One form a row: its buttons (open, mark read, delete) send the same id with their intent. */}
            <form method="post" action={rows.action} className="inbox-item__form">
              <input type="hidden" name="id" value={item.id} />
              <div className="inbox-item__body">
                <button type="submit" name="intent" value="open" className="inbox-item__open">
                  {item.unread ? <span className="visually-hidden">{t("unreadMark")} </span> : null}
                  <InboxMessage message={item.message} />
                </button>
                <p className="inbox-item__meta">
                  <TimeAgo when={item.when} />
                  {/* A notice's title not in the page's language: the language it is quoted in. */}
                  {item.lang ? (
                    <span className="inbox-item__shown-in">{tc("content.shownIn", { language: item.lang.name })}</span>
                  ) : null}
                </p>
              </div>
              <div className="inbox-item__actions">
                {item.unread ? (
                  <button type="submit" name="intent" value="read" className="link-button">
                    {t("markRead")}
                  </button>
                ) : null}
                <button type="submit" name="intent" value="delete" className="link-button">
                  {t("delete")}
                </button>
              </div>
            </form>
          </li>
        ))}
      </ul>
      {next ? (
        <Link className="button button--secondary button--block" to={`/noti?after=${encodeURIComponent(next)}`}>
          {t("more")}
        </Link>
      ) : null}
    </div>
  );
}

/** A notification's sentence: its date and count isolated left-to-right, names and excerpts in their own direction. */
function InboxMessage({ message }: { message: { key: string; values: Record<string, string | number> } }) {
  const { t } = useTranslation("inbox");
  const { count, date, ...words } = message.values;
  return (
    <SentenceWithValues
      sentence={(v) => t(`messages.${message.key}`, v)}
      values={date === undefined ? undefined : { date }}
      words={Object.fromEntries(Object.entries(words).map(([k, v]) => [k, String(v)]))}
      count={typeof count === "number" ? count : undefined}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
