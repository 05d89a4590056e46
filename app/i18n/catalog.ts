/**
 * The words of one language in the browser (and in the server's render of the same
 * components): the locale files' namespaces, looked up the way i18next looks them
 * up. i18next itself stays the server's translator (remix-i18next, loaders, e-mails,
 * texts); the pages' components read the same resources through this reader, which
 * is about 1 KiB where i18next and react-i18next were 14 KiB (Brotli) of every first load
 * (docs/decisions/0032-catalog-reader-in-the-browser.md).
 *
 * What it reads is what our locale files use, and a unit test keeps it so: nested
 * keys, `{{name}}` placeholders filled without escaping (React escapes), plural
 * forms by `_zero`/`_one`/`_two`/`_few`/`_many`/`_other` suffixes when a `count` is
 * given, and a fallback from the page's namespaces to `common`. Another test renders
 * every key of every locale through both this and i18next and requires the same text.
 */
import { defaultNamespace } from "./config";

export type Bundle = { [key: string]: unknown };
export type Values = Record<string, unknown>;
/** A lookup bound to a list of namespaces: the key's text with `values` filled in, or the key when no namespace has it. */
export type TFunction = (key: string, values?: Values) => string;
/** Fetches one namespace of one language (the browser: the cached /locales route). */
export type LoadBundle = (language: string, namespace: string) => Promise<Bundle>;

const PLACEHOLDER = /{{(.+?)}}/g;

/** The namespaces a lookup searches: the given ones in order, then `common` (unless given). */
function withDefault(namespaces: readonly string[]): readonly string[] {
  return namespaces.includes(defaultNamespace) ? namespaces : [...namespaces, defaultNamespace];
}

function lookup(bundle: Bundle | undefined, key: string): unknown {
  let node: unknown = bundle;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Bundle)[part];
  }
  return node;
}

function fill(text: string, values: Values | undefined): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = lookup(values, name.trim());
    return value == null ? "" : String(value);
  });
}

export class Catalog {
  private readonly bundles = new Map<string, Bundle>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly failed = new Set<string>();
  /** Made on the first count: an Intl constructor costs a slow phone milliseconds, and most pages never count. */
  private plurals: Intl.PluralRules | undefined;

  constructor(
    readonly language: string,
    bundles: Record<string, Bundle>,
    private readonly loadBundle?: LoadBundle,
  ) {
    for (const [ns, bundle] of Object.entries(bundles)) this.bundles.set(ns, bundle);
  }

  /** The namespaces this catalog holds. */
  namespaces(): string[] {
    return [...this.bundles.keys()];
  }

  /** One namespace's resources, as held (the server puts the page's into its HTML). */
  bundle(ns: string): Bundle | undefined {
    return this.bundles.get(ns);
  }

  has(namespaces: readonly string[]): boolean {
    return namespaces.every((ns) => this.bundles.has(ns));
  }

  /**
   * Loads the namespaces it does not hold yet, each once at a time. A namespace that
   * could not be loaded is held empty (its keys show as keys, as with i18next) so that
   * a page waiting for it renders instead of waiting for ever; the next call to `load`
   * (the next navigation's preload) tries it again.
   */
  load(namespaces: readonly string[]): Promise<void> {
    const wanted = namespaces.filter((ns) => !this.bundles.has(ns) || this.failed.has(ns));
    return Promise.all(wanted.map((ns) => this.loadOne(ns))).then(() => undefined);
  }

  private loadOne(ns: string): Promise<void> {
    const pending = this.loading.get(ns);
    if (pending) return pending;
    const load = this.loadBundle ?? (() => Promise.reject(new Error("no loader")));
    const loaded = load(this.language, ns)
      .then(
        (bundle) => {
          this.bundles.set(ns, bundle);
          this.failed.delete(ns);
        },
        () => {
          if (!this.bundles.has(ns)) this.bundles.set(ns, {});
          this.failed.add(ns);
        },
      )
      .finally(() => this.loading.delete(ns));
    this.loading.set(ns, loaded);
    return loaded;
  }

  /** The text of `key` from the first of `namespaces` (then `common`) that has it, as i18next's `t` returns it. */
  t(namespaces: readonly string[], key: string, values?: Values): string {
    const count = values?.count;
    const candidates = [key];
    // i18next's order: `_zero` for 0, then the language's plural form, then the bare key.
    if (typeof count === "number") {
      this.plurals ??= new Intl.PluralRules(this.language);
      candidates.unshift(`${key}_${this.plurals.select(count)}`);
      if (count === 0) candidates.unshift(`${key}_zero`);
    }
    for (const ns of withDefault(namespaces)) {
      const bundle = this.bundles.get(ns);
      for (const candidate of candidates) {
        const text = lookup(bundle, candidate);
        if (typeof text === "string") return fill(text, values);
      }
    }
    return key;
  }

  /** `t` bound to `namespaces`, as `useTranslation(namespaces)` hands it to a component. */
  fixedT(namespaces: readonly string[]): TFunction {
    // The search order is worked out once here, not on every lookup of a render.
    const searched = withDefault(namespaces);
    return (key, values) => this.t(searched, key, values);
  }
}
