/**
 * A new version of a terms document, or an edit of one not yet in force
 * (`?document=&version=`), or a new version started from another's text
 * (`…&copy=1`): the document, version id, the day it takes effect, whether members
 * must agree, and per language a title, the summary of changes members are shown
 * at their next visit, and the text (sections, each after a "## heading" line).
 * Checked by the schema the content import uses; "Save" keeps a draft, "Save and
 * publish" publishes it. A version in force is refused as the import refuses it:
 * members agreed to it as it is. A plain form: it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  AdminCheckbox,
  AdminEditForm,
  AdminInput,
  AdminSelect,
  LanguageTexts,
  PublishActions,
  useAdminForm,
} from "~/kits/editing";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { RouteErrorBoundary } from "~/pageKit";
import {
  adminLanguages,
  allDocuments,
  invalid,
  json,
  notFound,
  parseForm,
  publishTermsVersion,
  redirect,
  refuse,
  requireAdmin,
  saveTermsDraft,
  sectionsText,
  termsFormSchema,
  type ContentServices,
} from "~/routeKit.server";

/** A whole document in 19 languages, percent-encoded (Korean: 9 bytes a character). */
const EDIT_FORM_MAX_BODY = 8 * 1024 * 1024;

export const handle: PageHandle = {
  i18n: ["admin"],
  title: (url) =>
    url.searchParams.has("version") && !url.searchParams.has("copy") ? "titles.adminEditTerms" : "titles.adminNewTerms",
  back: "/admin/terms",
  secret: true,
  maxBody: EDIT_FORM_MAX_BODY,
};

/** The version the address names, and whether it is edited (else its text starts a new one); an unknown one is 404. */
async function addressed(request: Request, services: ContentServices) {
  const params = new URL(request.url).searchParams;
  const document = params.get("document");
  const version = params.get("version");
  if (document === null || version === null) return null;
  const stored = await services.stores.terms.version(document, version);
  if (!stored) notFound(request);
  return { stored, edited: !params.has("copy") };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.services);
  const found = await addressed(request, context.services);
  const stored = found?.stored;
  // The stored version as the form's fields (the same names the form sends); a copy leaves its id and day to fill.
  const fields = stored && {
    document: stored.document,
    version: found.edited ? stored.version : "",
    effectiveOn: found.edited ? stored.effectiveOn : "",
    required: stored.required ? "on" : undefined,
    translations: Object.fromEntries(
      Object.entries(stored.texts).map(([language, text]) => [
        language,
        { title: text.title, summary: found.edited ? text.summary : "", sections: sectionsText(text.sections) },
      ]),
    ),
  };
  return json({
    fields,
    edited: Boolean(found?.edited),
    published: Boolean(found?.edited && stored?.publishedAt !== null),
    documents: allDocuments.map((d) => d.id),
    languages: adminLanguages(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Who may send a body is decided before a byte of it is read (a raised maxBody streams it to the route).
  const admin = await requireAdmin(request, context.services);
  const found = await addressed(request, context.services);
  const edited = found?.edited ? found.stored : null;
  const parsed = await parseForm({ request, context }, termsFormSchema);
  if (parsed.refused) return parsed.refused;
  const { submission, formData } = parsed;
  if (submission.status !== "success") return invalid(submission);
  // An edited version is the one in its address, whatever the form says.
  const item = edited ? { ...submission.value, document: edited.document, version: edited.version } : submission.value;
  const { stores } = context.services;
  if (!edited && (await stores.terms.version(item.document, item.version))) {
    return refuse(submission, "codeTaken", { field: "version" });
  }
  const saved = await saveTermsDraft(stores, item, admin.actor, Date.now());
  if (!saved.ok) {
    return refuse(
      submission,
      saved.problem,
      saved.problem === "koreanOriginal" ? { field: "translations.ko.title" } : {},
    );
  }
  if (formData.get("intent") === "publish") {
    await publishTermsVersion(stores, item.document, item.version, admin.actor);
  }
  return redirect("/admin/terms");
}

export default function AdminTermsEditRoute() {
  const { t } = useTranslation("admin");
  const { fields, edited, published, documents, languages } = useLoaderData<typeof loader>();
  const { errorOf, formError, field, textAt, textsIn } = useAdminForm(t, fields);
  const document = { ...field("document"), label: t("admin.terms.document"), dir: "ltr" as const };
  return (
    <AdminEditForm error={formError}>
      {edited ? (
        <AdminInput {...document} readOnly />
      ) : (
        <AdminSelect {...document} choose={t("admin.terms.chooseDocument")} choices={documents} />
      )}
      <AdminInput
        {...field("version")}
        label={t("admin.terms.version")}
        hint={t("admin.terms.versionHint")}
        dir="ltr"
        readOnly={edited}
        maxLength={32}
      />
      <AdminInput {...field("effectiveOn")} label={t("admin.terms.effectiveOn")} type="date" dir="ltr" />
      <AdminCheckbox name="required" label={t("admin.terms.requiredLabel")} checked={textAt("required") === "on"} />
      {errorOf("required") ? <p className="field__error">{errorOf("required")}</p> : null}
      <LanguageTexts
        languages={languages}
        fields={[
          { field: "title", label: t("admin.edit.title"), rows: 0 },
          { field: "summary", label: t("admin.terms.summary"), hint: t("admin.terms.summaryHint"), rows: 3 },
          { field: "sections", label: t("admin.terms.sections"), hint: t("admin.terms.sectionsHint"), rows: 12 },
        ]}
        text={textsIn}
        errorOf={errorOf}
      />
      <PublishActions saveLabel={t("admin.edit.save")} publishLabel={t("admin.edit.publish")} published={published} />
    </AdminEditForm>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
