/**
 * The modules a page runs on, in the order Remix's `<Scripts>` names them: the entry and its imports, then each
 * matched route's imports and module. Named twice ahead of `<Scripts>` so the browser asks for React's chunk early
 * on a slow connection: in the answer's `Link` header, which the browser acts on before the first byte of the body,
 * and at the end of the head for a client or proxy that drops the header (components/ModulePreloads.tsx;
 * decisions 0115 and 0116).
 */
interface ManifestLike {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] } | undefined>;
}

export function pageModules(manifest: ManifestLike, routeIds: readonly string[]): string[] {
  const modules = [
    manifest.entry.module,
    ...manifest.entry.imports,
    ...routeIds.flatMap((id) => {
      const route = manifest.routes[id];
      return route ? [...(route.imports ?? []), route.module] : [];
    }),
  ];
  return [...new Set(modules)];
}

/**
 * The `Link` header naming the page's modules for preloading (RFC 8288), each with the CSP nonce: under
 * 'strict-dynamic' a script preload is allowed by its nonce alone. Module paths are the build's own (hashed names
 * under /build/), never a visitor's text; a character that would break the header, or a second slash that would make
 * the path another origin's (`//host/…`), is refused all the same.
 */
export function modulePreloadHeader(modules: readonly string[], nonce: string): string {
  return modules
    .filter((href) => /^\/[\w-][\w./-]*$/.test(href))
    .map((href) => `<${href}>; rel=modulepreload${nonce ? `; nonce="${nonce}"` : ""}`)
    .join(", ");
}
