/** The language picker page, for the two language routes (docs/decisions/0108). */
export { LanguagePage } from "~/components/LanguagePicker";
