/**
 * Everything form pages use in the browser, in one module: the form state
 * (`~/lib/formState`, what conform's hooks did for our server-judged forms), the
 * form components and the steps built from them. Form pages take them from here
 * only, so all of it is one chunk that only form pages load. See `~/pageKit`
 * for why one module makes one chunk, and docs/decisions/0108 for conform.
 */
export { getFormProps, getInputProps } from "~/lib/formState";
export {
  AdminCheckbox,
  AdminEditForm,
  AdminField,
  AdminFormError,
  AdminInput,
  AdminSave,
  AdminSelect,
  adminErrors,
  CategoryField,
  ItemCodeField,
  LanguageTexts,
  PublishActions,
  useAdminForm,
  type AdminReply,
} from "~/components/AdminForm";
export { CodeStep, CodeStepPage, ProvenNumberPage } from "~/components/CodeStep";
export {
  CodeField,
  DefaultSubmit,
  FieldError,
  firstErrorOf,
  FormAlert,
  Honeypot,
  NameField,
  NewPasswordFields,
  PhoneField,
  SubmitButton,
  useForm,
  type PhoneCountry,
} from "~/components/form";
export { translateFormMessage } from "~/lib/formMessage";
// Only the sign-in and join forms show it.
export { PartnerDoor } from "~/components/PartnerDoor";
export { ResidenceStep } from "~/components/ResidenceStep";
export { SettingsFact, SettingsForm } from "~/components/SettingsForm";
export { SignUpComplete } from "~/components/SignUpComplete";
export { SignupStep } from "~/components/SignupStep";
export { TermsChecklist } from "~/components/TermsChecklist";
