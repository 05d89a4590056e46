/**
 * The page's modules named at the end of the head, after its stylesheets: entry, its imports, and each matched
 * route's module and imports, as Remix's `<Scripts>` names them at the end of the body. On a slow connection the
 * browser then asks for React's chunk while the markup and the data are still arriving, rather than after all of
 * them; after the stylesheets, so the first paint does not wait for script bytes (`npm run bench:phone`, decision
 * 0115: hydration 0.2–0.3 s sooner, the first paint as before). `<Scripts>` names them again; the browser fetches
 * each once. The nonce is set by entry.server.tsx on every modulepreload link.
 */
import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { useContext } from "react";

export function ModulePreloads() {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  if (!remix) return null;
  const { manifest } = remix;
  const modules = [
    manifest.entry.module,
    ...manifest.entry.imports,
    ...matches.flatMap((match) => {
      const route = manifest.routes[match.id];
      return route ? [...(route.imports ?? []), route.module] : [];
    }),
  ];
  return (
    <>
      {[...new Set(modules)].map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
    </>
  );
}
