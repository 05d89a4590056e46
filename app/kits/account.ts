/**
 * The steps of joining, signing in and account settings: the code step, the terms checklist, the residence step,
 * the partner door, the welcome and the settings form, for those pages alone (docs/decisions/0108, 0112).
 */
// These components are built on the form kit's parts. Reached from here, the form kit is reached by every page
// that loads this kit, so its modules stay in the form kit's one chunk rather than a chunk of their own.
import "~/formKit";

export { CodeStep, CodeStepPage, ProvenNumberPage } from "~/components/CodeStep";
// Only the sign-in and join forms show it.
export { PartnerDoor } from "~/components/PartnerDoor";
export { ResidenceStep } from "~/components/ResidenceStep";
export { SettingsFact, SettingsForm } from "~/components/SettingsForm";
export { SignUpComplete } from "~/components/SignUpComplete";
export { SignupStep } from "~/components/SignupStep";
export { TermsChecklist } from "~/components/TermsChecklist";
