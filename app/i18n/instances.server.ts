/**
 * One i18next instance per language for the server's own messages (loaders, texts,
 * e-mails), and one catalog per language for rendering pages (the reader the browser
 * uses too: catalog.ts), each made on first use and shared by every request in that
 * language: all namespaces are in memory and nothing changes their language, so
 * sharing is safe and saves an init per request.
 */
import { createInstance, type i18n } from "i18next";
import { Catalog, type Bundle } from "./catalog";
import { isDevelopment } from "~/infra/config.server";
import { fallbackLanguage, namespaces } from "./config";
import { i18nOptions } from "./i18n";
import { allResources } from "./resources.server";

const instances = new Map<string, Promise<i18n>>();

export function i18nFor(lng: string): Promise<i18n> {
  let instance = isDevelopment() ? undefined : instances.get(lng);
  if (!instance) {
    const made = createInstance();
    instance = made
      .init({ ...i18nOptions, lng, ns: [...namespaces], resources: allResources(), initImmediate: false })
      .then(() => made);
    instances.set(lng, instance);
  }
  return instance;
}

const catalogs = new Map<string, Catalog>();

export function catalogFor(lng: string): Catalog {
  let catalog = isDevelopment() ? undefined : catalogs.get(lng);
  if (!catalog) {
    const resources = allResources()[lng] ?? allResources()[fallbackLanguage] ?? {};
    catalog = new Catalog(lng, resources as Record<string, Bundle>);
    catalogs.set(lng, catalog);
  }
  return catalog;
}
