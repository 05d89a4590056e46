/**
 * An edit of one extension kit (`?itemCd=` a status code, issue 43): the kit as the content import writes it, in one
 * text area, judged by the import's schema and its Korean rule (a refusal names the item's path and keeps the
 * text), written through the same store call as the import, recorded in the audit log; the member's and the public
 * kit pages show it at once. A plain form: it works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { editPageHandle, RouteErrorBoundary } from "~/pageKit";
import { AdminField, AdminFormError, AdminSave } from "~/kits/editing";
import { translateFormMessage } from "~/lib/formMessage";
import {
  contentEditRoute,
  extensionKitsKind,
  isKnownVisa,
  KIT_FIELD,
  kitText,
  plainForm,
  readExtensionKitForm,
} from "~/routeKit.server";

export const handle: PageHandle = {
  // visaFinder: the messages of the kit schema's rules (extensionContent.*).
  i18n: ["admin", "visaFinder"],
  ...editPageHandle("/admin/extensionKits", "titles.adminEditExtensionKit", "titles.adminNewExtensionKit", 512 * 1024),
};

/** Made when a request comes (the browser's build has no server code to make it with). */
const edit = () =>
  contentEditRoute(extensionKitsKind, {
    read: plainForm(readExtensionKitForm),
    find: (stores, itemCd) => stores.extensionKits.byId(itemCd),
    wellFormed: isKnownVisa,
    fieldsOf: (kit) => ({ itemCd: kit.itemCd, [KIT_FIELD]: kitText(kit) }),
    taken: "itemCdTaken",
    list: "/admin/extensionKits",
  });

export const loader = (args: LoaderFunctionArgs) => edit().loader(args);
export const action = (args: ActionFunctionArgs) => edit().action(args);

type Reply = { values?: Record<string, string>; errors?: Record<string, string> };

export default function AdminExtensionKitEditRoute() {
  const { t } = useTranslation("admin");
  const { t: tKit } = useTranslation("visaFinder");
  const { fields } = useLoaderData<typeof loader>();
  const reply = useActionData<Reply>();
  const text = reply?.values?.[KIT_FIELD] ?? (fields as Record<string, string> | null)?.[KIT_FIELD] ?? "";
  const key = reply?.errors?.[KIT_FIELD];
  // The kit schema's own rules are the visa finder's words; the others (JSON, Korean) the form's.
  const rule = key?.startsWith("extensionContent.") ? key.slice("extensionContent.".length) : null;
  const message = rule ? tKit(`extensionContent.${rule}`, { defaultValue: key }) : translateFormMessage(t, key);
  const path = reply?.errors?.path;
  const error = message ? (path ? `${message} (${path})` : message) : null;
  return (
    <Form method="post" className="form" noValidate>
      <AdminFormError message={reply?.errors?.[""] ? translateFormMessage(t, reply.errors[""]) : null} />
      <AdminField id="kit" label={t("admin.kits.field")} hint={t("admin.kits.hint")} error={error}>
        <textarea
          id="kit"
          name={KIT_FIELD}
          rows={30}
          dir="ltr"
          spellCheck={false}
          defaultValue={text}
          key={text}
          aria-invalid={error ? true : undefined}
        />
      </AdminField>
      <AdminSave label={t("admin.edit.save")} />
    </Form>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
