/**
 * Everything form pages use in the browser, in one module: the form state
 * (`~/lib/formState`, what conform's hooks did for our server-judged forms), the
 * form components, and the two lines the sign-in and join forms share across
 * their kits (the partner door, the join's step). Form pages take them from here
 * only, so all of it is one chunk that only form pages load; the code step, the
 * terms checklist, the residence and settings forms and the welcome are in their
 * kits in `app/kits/`, the admin's forms in `~/kits/editing` (decisions 0112, 0113).
 * See `~/pageKit` for why one module makes one chunk, and docs/decisions/0108
 * for conform.
 */
export { getFormProps, getInputProps } from "~/lib/formState";
export {
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
// Each in pages of several of the join's kits (the code step's, the terms checklist's, the residence step's) and
// in pages of none: only here does a page reach them without a second kit's chunk.
export { PartnerDoor } from "~/components/PartnerDoor";
export { SignupStep } from "~/components/SignupStep";
