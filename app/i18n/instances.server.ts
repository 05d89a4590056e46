/**
 * One i18next instance per language, made on first use and shared by every render
 * and server-side message in that language: all namespaces are in memory and
 * nothing changes an instance's language, so sharing is safe and saves an init
 * per request.
 */
import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { isDevelopment } from "~/infra/config.server";
import { namespaces } from "./config";
import { i18nOptions } from "./i18n";
import { allResources } from "./resources.server";

const instances = new Map<string, Promise<i18n>>();

export function i18nFor(lng: string): Promise<i18n> {
  let instance = isDevelopment() ? undefined : instances.get(lng);
  if (!instance) {
    const made = createInstance();
    instance = made
      .use(initReactI18next)
      .init({ ...i18nOptions, lng, ns: [...namespaces], resources: allResources(), initImmediate: false })
      .then(() => made);
    instances.set(lng, instance);
  }
  return instance;
}
