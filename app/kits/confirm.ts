/**
 * The confirm step before an act that reaches others (decision 0095): the message box with JavaScript, the
 * confirm page without. For the few pages that have such an act (docs/decisions/0108).
 */
export {
  ConfirmForm,
  ConfirmPage,
  ConfirmStep,
  useConfirmSubmit,
  type ConfirmQuestion,
} from "~/components/ConfirmAction";
