/**
 * The texted code's step, for the pages that prove a phone number (phone sign-in, both joins, recovery, the
 * number change) alone (docs/decisions/0113).
 */
// Built on the form kit's parts: reached from here, the form kit's modules stay in its one chunk (~/kits/account).
import "~/formKit";

export { CodeStep, CodeStepPage, ProvenNumberPage } from "~/components/CodeStep";
