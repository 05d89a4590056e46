/** TEMPORARY (issue 29 in progress): a store whose PostgreSQL implementation is not written yet; every call throws. */
export function notBuilt<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get(_target, method) {
      return async () => {
        throw new Error(`PostgreSQL ${name}.${String(method)} is not built yet`);
      };
    },
  });
}
