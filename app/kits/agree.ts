/** The terms checklist, for the two joins' first steps alone (docs/decisions/0113). */
// Built on the form kit's parts: reached from here, the form kit's modules stay in its one chunk (~/kits/account).
import "~/formKit";

export { TermsChecklist } from "~/components/TermsChecklist";
