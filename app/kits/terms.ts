/** The terms documents as a member reads them, for the two terms pages (docs/decisions/0108). */
export { TermsDocuments } from "~/components/TermsDocuments";
