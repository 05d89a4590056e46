/**
 * The end of both joins, a welcome and where to go next, for those two pages alone: it holds no form, so they
 * load no form kit (docs/decisions/0113).
 */
export { SignUpComplete } from "~/components/SignUpComplete";
