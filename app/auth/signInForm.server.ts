/**
 * The ID sign-in form's schema. Server-only so zod stays out of the browser
 * bundle; the page imports only its type. Messages are i18next keys.
 */
import { z } from "zod";
import { passwordInput } from "./password.server";

export const signInSchema = z.object({
  email: z
    .string({ required_error: "errors.form.required" })
    .trim()
    .max(254, "errors.form.invalidEmail")
    .email("errors.form.invalidEmail"),
  password: passwordInput,
  redirectTo: z.string().optional(),
  // Honeypot: people never see it, bots fill it in.
  website: z.string().optional(),
});

export type SignInFields = z.input<typeof signInSchema>;
