/** The visa finder's parts and the visa page's work badge, for the visa finder's pages (docs/decisions/0108). */
export { VisaFamilies, VisaQuick, VisaSearch } from "~/components/VisaFinderParts";
export { choiceHref, WorkBadge } from "~/components/VisaBadges";
export { ExtensionKit, KitDocumentLine } from "~/components/ExtensionKit";
