/**
 * Every version of every terms document, drafts too, by document and the day each
 * takes effect: where each stands (draft, announced for a later day, in force, in
 * force before), a button to publish a draft (members are asked about it at their
 * next visit once it is in force), and links to edit a version not yet in force or
 * to start a new version from one. Plain forms: it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { formatDate, RouteErrorBoundary } from "~/pageKit";
import {
  badRequest,
  json,
  notFound,
  publishTermsVersion,
  readForm,
  redirect,
  requireAdmin,
  termsStateOf,
  termsPublishSchema,
} from "~/routeKit.server";

export const handle: PageHandle = { i18n: ["admin"], title: "titles.adminTerms", back: "/admin", secret: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.services);
  const { terms } = context.services.stores;
  const heads = await terms.heads();
  const today = formatDate(Date.now());
  const titles = new Map(
    (await terms.textsIn(heads, "ko")).map((text) => [`${text.document}@${text.version}`, text.title]),
  );
  return json({
    items: heads.map((head) => ({
      document: head.document,
      version: head.version,
      effectiveOn: head.effectiveOn,
      required: head.required,
      title: titles.get(`${head.document}@${head.version}`) ?? head.document,
      state: termsStateOf(head, heads, today),
    })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const parsed = termsPublishSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) badRequest();
  const { document, version } = parsed.data;
  if (!(await publishTermsVersion(context.services.stores, document, version, admin.actor))) notFound(request);
  return redirect("/admin/terms");
}

export default function AdminTermsRoute() {
  const { t } = useTranslation("admin");
  const { items } = useLoaderData<typeof loader>();
  return (
    <>
      <Link className="button button--primary" to="/admin/terms/edit">
        {t("admin.terms.new")}
      </Link>
      <ul className="admin-table">
        {items.map((v) => {
          const query = `document=${encodeURIComponent(v.document)}&version=${encodeURIComponent(v.version)}`;
          return (
            <li key={`${v.document}@${v.version}`} className="admin-row">
              <strong lang="ko">{v.title}</strong>
              <span className="notice-meta">
                <span dir="ltr">{`${v.document}@${v.version}`}</span>
                <span className="notice-tag">{t(`admin.terms.state.${v.state}`)}</span>
                <span dir="ltr">{v.effectiveOn}</span>
                {v.required ? <span className="notice-tag">{t("admin.terms.required")}</span> : null}
              </span>
              <div className="admin-row__actions">
                {v.state === "inForce" || v.state === "earlier" ? null : (
                  <Link className="button button--secondary" to={`/admin/terms/edit?${query}`}>
                    {t("admin.notices.edit")}
                  </Link>
                )}
                <Link className="button button--secondary" to={`/admin/terms/edit?${query}&copy=1`}>
                  {t("admin.terms.copy")}
                </Link>
                {v.state === "draft" ? (
                  <Form method="post">
                    <input type="hidden" name="document" value={v.document} />
                    <input type="hidden" name="version" value={v.version} />
                    <button type="submit" name="intent" value="publish" className="button button--primary">
                      {t("admin.notices.publish")}
                    </button>
                  </Form>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
