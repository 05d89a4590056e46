/**
 * A new feed (no `itemCd`), or the author's edit of one (`?itemCd=`; anyone else
 * gets 403). Category, text and up to 10 photos. Photos are processed as they
 * arrive (photos.server.ts); a submit that fails for any reason keeps the text and
 * every photo already accepted (as the member's pending files, sent back with the
 * form), and names each photo refused with why.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary, SentenceWithValues } from "~/pageKit";
import { FieldError, firstErrorOf, FormAlert, getFormProps, SubmitButton, useForm } from "~/formKit";
import {
  acceptPhotos,
  editFeed,
  FEED_CATEGORIES,
  FEED_FORM_MAX_BODY,
  FEED_TEXT_MAX,
  feedSchema,
  forbidden,
  isId,
  json,
  keptPendingPhotos,
  notFound,
  parseForm,
  parsePhotoRef,
  PHOTO_LIMITS,
  photoToken,
  photoView,
  postFeed,
  readFeedUpload,
  redirect,
  invalid,
  refuse,
  requireMember,
  type FeedFields,
  type FeedUpload,
  type PhotoRefusal,
} from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.forms, featureStyles.community],
  i18n: ["community"],
  layout: "default",
  title: (url) => (url.searchParams.has("itemCd") ? "titles.editFeed" : "titles.newFeed"),
  tab: "community",
  back: "/community",
  maxBody: FEED_FORM_MAX_BODY,
  personal: true,
};

/** The feed being edited, when `itemCd` names one; a 404 for a malformed or unknown code, 403 for someone else's. */
async function editedFeed(request: Request, services: Parameters<typeof requireMember>[1], uid: string) {
  const itemCd = new URL(request.url).searchParams.get("itemCd");
  if (itemCd === null) return null;
  if (!isId(itemCd)) notFound(request);
  const feed = await services.stores.feeds.get(itemCd);
  if (!feed) notFound(request);
  if (feed.author.uid !== uid) forbidden();
  return feed;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = await requireMember(request, context.services);
  const feed = await editedFeed(request, context.services, member.uid);
  return json({
    editing: feed !== null,
    category: feed?.category ?? null,
    text: feed?.text ?? "",
    photos: (feed?.photos ?? []).map((p) => ({ ...photoView(p), token: photoToken(p) })),
    categories: FEED_CATEGORIES,
    limits: { text: FEED_TEXT_MAX, photos: PHOTO_LIMITS.perFeed, photoMb: PHOTO_LIMITS.maxBytes / 1024 / 1024 },
    maxBodyMb: Math.floor(FEED_FORM_MAX_BODY / 1024 / 1024),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services } = context;
  // Who may send a body is decided before a byte of it is read (server.ts hands this route its body unread).
  const member = await requireMember(request, services);
  const feed = await editedFeed(request, services, member.uid);
  const upload = await readFeedUpload(request, services);
  try {
    return await saveFeed(request, context, member.uid, feed, upload);
  } finally {
    await upload.discard();
  }
}

async function saveFeed(
  request: Request,
  context: ActionFunctionArgs["context"],
  uid: string,
  feed: Awaited<ReturnType<typeof editedFeed>>,
  upload: FeedUpload,
) {
  const { services } = context;
  const parsed = await parseForm({ request, context }, feedSchema, { formData: upload.form });
  if (parsed.refused) return parsed.refused;
  const { submission } = parsed;

  // Photos kept from before: the feed's own (when editing) and the member's pending ones.
  const sent = upload.form.getAll("photo").map(String);
  const own = new Map((feed?.photos ?? []).map((p) => [p.id, p]));
  const keptOwn = sent
    .map((t) => parsePhotoRef(t))
    .filter((p) => p !== null && own.has(p.id))
    .map((p) => own.get(p!.id)!);
  const keptPending = await keptPendingPhotos(services, uid, sent, PHOTO_LIMITS.perFeed);
  const kept = [...keptOwn, ...keptPending.filter((p) => !own.has(p.id))].slice(0, PHOTO_LIMITS.perFeed);
  const room = PHOTO_LIMITS.perFeed - kept.length;
  const processed = parsed.bot ? { accepted: [], refused: [] } : await acceptPhotos(services, uid, upload.photos, room);
  const photos = [...kept, ...processed.accepted];
  const refused: PhotoRefusal[] = [
    ...processed.refused,
    ...upload.tooLarge.map((name) => ({ problem: "tooLarge" as const, name })),
    ...upload.tooMany.map((name) => ({ problem: "tooMany" as const, name })),
  ];

  // Every answer that stays on the form carries the photos kept so far and those refused, by name.
  const withPhotos = { data: { photos: photos.map((p) => ({ ...photoView(p), token: photoToken(p) })), refused } };
  // A body that broke off or went past its limit: what arrived is kept, and the form says what went wrong.
  // Each refusal carries the schema's messages too (a missing category, an empty text): all said at once.
  if (upload.problem) return refuse(submission, upload.problem, withPhotos);
  if (refused.length > 0) return refuse(submission, "photosRefused", withPhotos);
  if (submission.status !== "success") return invalid(submission, withPhotos);
  if (parsed.bot) return refuse(submission, "saveFailed", withPhotos);

  const { category, text } = submission.value;
  if (feed) {
    const changed = await editFeed(services, uid, feed.id, { category, text, photos });
    if (!changed.ok && changed.problem === "saveFailed") return refuse(submission, changed.problem, withPhotos);
    // Deleted (or taken down) meanwhile.
    if (!changed.ok) notFound(request);
    return redirect(`/community/${feed.id}`);
  }
  const posted = await postFeed(services, uid, { category, text, photos });
  if (!posted.ok) return refuse(submission, posted.problem, withPhotos);
  return redirect(`/community/${posted.id}`);
}

export default function EditFeedRoute() {
  const { t } = useTranslation("community");
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useForm<FeedFields & { photos: string }>({
    id: "feed",
    lastResult: result,
    defaultValue: { category: data.category ?? undefined, text: data.text },
    shouldValidate: "onSubmit",
  });
  const photos = (result && "photos" in result ? result.photos : data.photos) as typeof data.photos;
  const refused = (result && "refused" in result ? result.refused : []) as { problem: string; name: string }[];
  const focus = firstErrorOf(form);
  const [tooBig, setTooBig] = useState(false);
  // The names of the photos chosen in the picker (with JavaScript; without it the browser's control says).
  const [chosen, setChosen] = useState<string[]>([]);
  const chosenCategory = String(fields.category.initialValue ?? data.category ?? "");

  // With JavaScript: a selection past what one post can carry is caught before it is sent.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem("photos") as HTMLInputElement | null;
    const total = Array.from(input?.files ?? []).reduce((sum, f) => sum + f.size, 0);
    if (total > data.maxBodyMb * 1024 * 1024) {
      event.preventDefault();
      setTooBig(true);
    } else setTooBig(false);
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="form post-form"
      {...getFormProps(form)}
      onSubmit={onSubmit}
    >
      <FormAlert id={form.errorId} errors={form.errors} />
      <fieldset className="field">
        <legend>{t("edit.category")}</legend>
        <div className="choice-chips">
          {data.categories.map((c) => (
            <label key={c} className="choice-chip">
              <input
                type="radio"
                name={fields.category.name}
                value={c}
                defaultChecked={chosenCategory === c}
                key={`${fields.category.key}-${c}`}
                aria-describedby={fields.category.errorId}
                autoFocus={focus === "category" && c === data.categories[0]}
              />
              <span>{t(`categories.${c}`)}</span>
            </label>
          ))}
        </div>
        <FieldError id={fields.category.errorId} errors={fields.category.errors} />
      </fieldset>
      <div className="field">
        <label htmlFor={fields.text.id}>{t("edit.text")}</label>
        <textarea
          id={fields.text.id}
          name={fields.text.name}
          key={fields.text.key}
          defaultValue={String(fields.text.initialValue ?? data.text)}
          rows={8}
          maxLength={data.limits.text}
          aria-invalid={fields.text.errors ? true : undefined}
          aria-describedby={`${fields.text.id}-hint ${fields.text.errorId}`}
          autoFocus={focus === "text"}
        />
        <p className="field__hint" id={`${fields.text.id}-hint`}>
          <SentenceWithValues sentence={(v) => t("edit.textHint", v)} values={{ max: data.limits.text }} />
        </p>
        <FieldError id={fields.text.errorId} errors={fields.text.errors} />
      </div>
      <div className="field">
        <label htmlFor="photos">{t("edit.photos")}</label>
        {photos.length > 0 ? (
          <ul className="photo-picker">
            {photos.map((p, i) => (
              <li key={p.id}>
                <img
                  src={p.thumb}
                  alt={t("photos.nth", { n: i + 1, count: photos.length })}
                  width={p.width}
                  height={p.height}
                />
                <label>
                  <input type="checkbox" name="photo" value={p.token} defaultChecked /> {t("edit.keepPhoto")}
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="file-picker">
          <input
            id="photos"
            name="photos"
            type="file"
            className="file-picker__input"
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
            aria-describedby="photos-chosen photos-hint photos-error"
            onChange={(event) => setChosen(Array.from(event.currentTarget.files ?? [], (file) => file.name))}
          />
          <span className="button button--secondary file-picker__button" aria-hidden="true">
            {t("edit.choosePhotos")}
          </span>
          <ul className="file-picker__chosen" id="photos-chosen" aria-live="polite">
            {chosen.length > 0 ? (
              chosen.map((name, i) => (
                <li key={i}>
                  <bdi>{name}</bdi>
                </li>
              ))
            ) : (
              <li>{t("edit.noneChosen")}</li>
            )}
          </ul>
        </div>
        <p className="field__hint" id="photos-hint">
          <SentenceWithValues
            sentence={(v) => t("edit.photosHint", v)}
            values={{ max: data.limits.photos, mb: data.limits.photoMb }}
          />
        </p>
        <div id="photos-error">
          {tooBig ? (
            <p className="form-error" role="alert">
              <SentenceWithValues sentence={(v) => t("edit.tooBig", v)} values={{ mb: data.maxBodyMb }} />
            </p>
          ) : null}
          {refused.length > 0 ? (
            <>
              <FieldError id="photos-refused" errors={fields.photos.errors} />
              <ul className="refused-photos">
                {refused.map((r, i) => (
                  <li key={i}>
                    <bdi>{r.name}</bdi>:{" "}
                    {t(`edit.refused.${r.problem}`, { mb: data.limits.photoMb, max: data.limits.photos })}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
      <SubmitButton>{t(data.editing ? "edit.save" : "edit.post")}</SubmitButton>
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
