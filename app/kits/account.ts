/**
 * The member's facts as joining asks them and my page changes them: the residence step (name, nationality,
 * residence) and the settings form, for those pages alone (docs/decisions/0108, 0112, 0113).
 */
// These components are built on the form kit's parts. Reached from here, the form kit is reached by every page
// that loads this kit, so its modules stay in the form kit's one chunk rather than a chunk of their own.
import "~/formKit";

export { ResidenceStep } from "~/components/ResidenceStep";
export { SettingsFact, SettingsForm } from "~/components/SettingsForm";
