/**
 * Opens the message box (messageBox.ts) with its stylesheet: both are fetched the
 * first time a dialog opens, not with the page, and the box is shown only once
 * its style is in (an unstyled dialog is never seen).
 */
import { featureStyles, loadStylesheet } from "~/lib/stylesheets";
import type { DialogLabels, DialogResult } from "./messageBox";
import type { DialogOptions } from "./rules";

export async function openMessageBox(options: DialogOptions, labels: DialogLabels): Promise<DialogResult> {
  const [{ messageBox }] = await Promise.all([import("./messageBox"), loadStylesheet(featureStyles.dialog)]);
  return messageBox(options, labels);
}
