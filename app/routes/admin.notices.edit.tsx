/**
 * A new notice (no `itemCd`) or an edit of one (`?itemCd=`): code, category, pin,
 * and a title and Markdown body per language (Korean required). "Preview" renders
 * each language's Markdown on the server, as the notice page will, and keeps the
 * form; "Save" keeps it as it is (a draft stays a draft; a published notice is
 * changed in place, nobody is told again); "Save and publish" publishes it too, which
 * reaches every member's inbox, so it asks first: the message box with JavaScript, a
 * confirm step at the top of the form as typed without (decision 0103).
 * Checked by the schema the content import uses (notices/schemas.server.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import { isolatesKoreanTerms } from "~/lib/koreanTerms";
import type { PageHandle } from "~/lib/page";
import { AnswerHeading } from "~/components/AnswerHeading";
import { directionOf, editPageHandle, RouteErrorBoundary } from "~/pageKit";
import {
  AdminCheckbox,
  AdminEditForm,
  CategoryField,
  ItemCodeField,
  LanguageTexts,
  PublishActions,
  useAdminForm,
  ConfirmStep,
  useConfirmSubmit,
} from "~/kits/editing";
import {
  adminLanguages,
  changeNotice,
  invalid,
  isConfirmed,
  isNoticeId,
  json,
  NOTICE_BODY_MAX,
  NOTICE_CATEGORIES,
  NOTICE_TITLE_MAX,
  noticeFormSchema,
  editedItem,
  parseForm,
  redirect,
  refuse,
  renderMarkdown,
  requireAdmin,
  saveNotice,
  type FormReply,
} from "~/routeKit.server";

export const handle: PageHandle = {
  i18n: ["admin", "notices"],
  // The body: every language's longest, percent-encoded (Korean: 9 bytes a character): a form of 19 full bodies fits.
  ...editPageHandle("/admin/notices", "titles.adminEditNotice", "titles.adminNewNotice", 4 * 1024 * 1024),
};

/** The notice of `?itemCd=`, null for a new one; an unknown or malformed code is the 404 page. */
const editedNotice = (request: Request, services: Parameters<typeof requireAdmin>[1]) =>
  editedItem(request, (itemCd) => services.stores.notices.get(itemCd), isNoticeId);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.services);
  const notice = await editedNotice(request, context.services);
  return json({
    notice: notice && {
      itemCd: notice.itemCd,
      category: notice.category,
      pinned: notice.pinned,
      published: notice.publishedAt !== null,
      translations: notice.translations,
    },
    languages: adminLanguages(),
    categories: NOTICE_CATEGORIES,
    limits: { title: NOTICE_TITLE_MAX, body: NOTICE_BODY_MAX },
  });
}

type Reply = FormReply & {
  preview?: { language: string; title: string; html: string }[];
  /** Publishing asked first (without JavaScript): the form comes back as typed with the confirm step. */
  confirmPublish?: true;
};

export async function action({ request, context }: ActionFunctionArgs) {
  // Who may send a body is decided before a byte of it is read (a raised maxBody streams it to the route).
  const admin = await requireAdmin(request, context.services);
  const notice = await editedNotice(request, context.services);
  const parsed = await parseForm({ request, context }, noticeFormSchema);
  if (parsed.refused) return parsed.refused;
  const { submission, formData } = parsed;
  if (submission.status !== "success") return invalid(submission);
  const { intent, ...fields } = submission.value;
  // The code of an edited notice is the one in its address, whatever the form says.
  const itemCd = notice ? notice.itemCd : fields.itemCd;
  if (intent === "preview") {
    const preview = Object.entries(fields.translations).map(([language, text]) => ({
      language,
      title: text.title,
      html: renderMarkdown(text.body, { koreanTerms: isolatesKoreanTerms(language) }),
    }));
    return json({ ...submission.reply(), preview } satisfies Reply);
  }
  if (!notice && (await context.services.stores.notices.get(itemCd))) return refuse(submission, "itemCdTaken");
  // Publishing reaches every member's inbox: nothing is stored until it is confirmed.
  if (intent === "publish" && !isConfirmed(formData)) {
    return json({ ...submission.reply(), confirmPublish: true } satisfies Reply);
  }
  const now = Date.now();
  await saveNotice(
    context.services.stores,
    {
      itemCd,
      category: fields.category,
      pinned: fields.pinned,
      publishedAt: notice?.publishedAt ?? null,
      translations: fields.translations,
    },
    admin.actor,
    now,
  );
  if (intent === "publish") await changeNotice(context.services.stores, itemCd, "publish", admin.actor, now);
  return redirect("/admin/notices");
}

export default function AdminNoticeEditRoute() {
  const { t } = useTranslation(["admin", "notices"]);
  const { notice, languages, categories, limits } = useLoaderData<typeof loader>();
  const { reply, errorOf, formError, field, valueAt, textsIn } = useAdminForm<Reply>(t, notice);
  const pinned = valueAt("pinned");
  const publishQuestion = {
    title: t("admin.notices.publishTitle"),
    message: t("admin.notices.publishMessage"),
    confirm: t("admin.notices.publish"),
  };
  // With JavaScript "Save and publish" opens the message box; the other buttons send the form at once.
  const onSubmit = useConfirmSubmit(
    publishQuestion,
    (button) => button?.name === "intent" && button.value === "publish",
  );
  const confirming = Boolean(reply?.confirmPublish);
  return (
    <AdminEditForm
      error={formError}
      onSubmit={onSubmit}
      top={
        confirming ? (
          <ConfirmStep question={publishQuestion} intent="publish" note={t("admin.edit.publishOrSave")} />
        ) : null
      }
    >
      {reply?.preview ? (
        <section className="admin-preview" aria-labelledby="preview-title">
          <AnswerHeading id="preview-title" answer={reply.preview}>
            {t("admin.edit.previewTitle")}
          </AnswerHeading>
          {reply.preview.map((p) => (
            <article key={p.language} lang={p.language} dir={directionOf(p.language)}>
              <h3>{p.title}</h3>
              <div className="notice__body" dangerouslySetInnerHTML={{ __html: p.html }} />
            </article>
          ))}
        </section>
      ) : null}
      <ItemCodeField {...field("itemCd")} hint={t("admin.edit.itemCdHint")} stored={notice?.itemCd} maxLength={32} />
      <CategoryField {...field("category")} choices={categories} nameOf={(c) => t(`notices.categories.${c}`)} />
      {/* Stored, the flag; typed, the box's "on". */}
      <AdminCheckbox name="pinned" label={t("admin.edit.pinned")} checked={pinned === true || pinned === "on"} />
      <LanguageTexts
        languages={languages}
        fields={[
          { field: "title", label: t("admin.edit.title"), rows: 0, maxLength: limits.title * 4 },
          { field: "body", label: t("admin.edit.body"), hint: t("admin.edit.bodyHint"), rows: 8 },
        ]}
        text={textsIn}
        errorOf={errorOf}
      />
      <PublishActions
        previewLabel={t("admin.edit.preview")}
        saveLabel={t("admin.edit.save")}
        publishLabel={t("admin.edit.publish")}
        published={Boolean(notice?.published) || confirming}
      />
    </AdminEditForm>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
