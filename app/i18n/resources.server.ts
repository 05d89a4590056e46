/**
 * Translation files, read from `locales/{lng}/{ns}.json` once per process and
 * kept in memory: every request renders from memory, and the locale resource
 * route serves the same objects.
 */
import fs from "node:fs";
import path from "node:path";
import type { Resource, ResourceLanguage } from "i18next";
import { isDevelopment, processConfig } from "~/infra/config.server";
import { namespaces, supportedLanguages, type Language, type Namespace } from "./config";

const localesDir = () => path.resolve(processConfig().LOCALES_DIR);

let cache: Resource | null = null;

function readAll(): Resource {
  const resources: Resource = {};
  for (const lng of supportedLanguages) {
    const language: ResourceLanguage = {};
    for (const ns of namespaces) {
      const file = path.join(localesDir(), lng, `${ns}.json`);
      language[ns] = JSON.parse(fs.readFileSync(file, "utf8")) as ResourceLanguage[string];
    }
    resources[lng] = language;
  }
  return resources;
}

export function allResources(): Resource {
  // In development the files are read on every call so edits show without a restart.
  if (isDevelopment()) return readAll();
  cache ??= readAll();
  return cache;
}

export function namespaceResource(lng: Language, ns: Namespace) {
  return allResources()[lng]![ns]!;
}
