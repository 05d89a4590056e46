/**
 * The page's modules named at the end of the head, after its stylesheets (lib/pageModules.ts). The answer's `Link`
 * header names them first (decision 0116); these tags are for a client or a proxy that drops the header. After the
 * stylesheets, so the first paint does not wait for script bytes (decision 0115). `<Scripts>` names them again;
 * the browser fetches each once. The nonce is set by entry.server.tsx on every modulepreload link.
 */
import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { useContext } from "react";
import { pageModules } from "~/lib/pageModules";

export function ModulePreloads() {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  if (!remix) return null;
  return (
    <>
      {pageModules(
        remix.manifest,
        matches.map((match) => match.id),
      ).map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
    </>
  );
}
