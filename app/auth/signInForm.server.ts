/**
 * The ID sign-in form's schema. Server-only so zod stays out of the browser
 * bundle; the page imports only its type. Messages are i18next keys.
 */
import { z } from "zod";
import { passwordInput } from "./password.server";
import { checkPhone, e164Of, phoneFields } from "~/phone/phoneNumber.server";

export const signInSchema = z.object({
  email: z
    .string({ required_error: "errors.form.required" })
    .trim()
    .max(254, "errors.form.invalidEmail")
    .email("errors.form.invalidEmail"),
  password: passwordInput,
  redirectTo: z.string().optional(),
});

export type SignInFields = z.input<typeof signInSchema>;

/** Phone sign-in, step 1: the number and its country, out in E.164. */
export const phoneSignInSchema = z
  .object({ ...phoneFields, redirectTo: z.string().optional() })
  .superRefine(checkPhone)
  .transform((value) => ({ phone: e164Of(value), redirectTo: value.redirectTo }));

export type PhoneSignInFields = z.input<typeof phoneSignInSchema>;

/** Phone sign-in of a member confirming it is them: no number in the form, the code goes to theirs. */
export const reauthSignInSchema = z.object({ redirectTo: z.string().optional() });
