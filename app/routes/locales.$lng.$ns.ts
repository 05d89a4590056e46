/**
 * The translations the browser loads: /locales/{lng}/{ns}.json for a supported
 * language and namespace only (anything else, `..` and encoded slashes included,
 * is a 404). Cached for a year when the URL names the current build.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { namespaces, supportedLanguages } from "~/i18n/config";
import { json, namespaceResource, parseParams } from "~/routeKit.server";

const paramsSchema = z.object({
  lng: z.enum(supportedLanguages),
  ns: z
    .string()
    .regex(/^[a-zA-Z]+\.json$/)
    .transform((file) => file.slice(0, -".json".length))
    .pipe(z.enum(namespaces)),
});

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { lng, ns } = parseParams(paramsSchema, params, request);
  const version = new URL(request.url).searchParams.get("v");
  const current = version !== null && version === context.buildVersion;
  return json(namespaceResource(lng, ns), {
    headers: {
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
