/**
 * Local mode's SMS outbox: the texts the app would have sent (verification codes),
 * newest first. Answers 404 anywhere but local mode.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/useTranslation";
import type { PageHandle } from "~/lib/page";
import { featureStyles, RouteErrorBoundary } from "~/pageKit";
import { json, notFound } from "~/routeKit.server";

export const handle: PageHandle = {
  styles: [featureStyles.dev],
  i18n: ["dev"],
  layout: "default",
  title: "titles.outbox",
  personal: true,
};

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config, outbox } = context.services;
  // Local mode only, and only for the machine itself: the texts hold live sign-in codes.
  if (config.mode !== "local" || !context.fromThisMachine) notFound(request);
  // Every process's texts: the outbox is the deployment's (a file in DATA_DIR, or the database's table).
  return json({ messages: await outbox.read(100) }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function OutboxRoute() {
  const { t } = useTranslation("dev");
  const { messages } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="outbox-intro">
      <p id="outbox-intro">{t("dev.outboxIntro")}</p>
      {messages.length === 0 ? (
        <p>{t("dev.empty")}</p>
      ) : (
        <table className="outbox">
          <thead>
            <tr>
              <th scope="col">{t("dev.to")}</th>
              <th scope="col">{t("dev.sentAt")}</th>
              <th scope="col">{t("dev.message")}</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((m) => (
              <tr key={`${m.at}-${m.to}`}>
                <td dir="ltr">{m.to}</td>
                <td>
                  <time dateTime={m.at}>{m.at.slice(0, 19).replace("T", " ")}</time>
                </td>
                <td>{m.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
