/**
 * The community's forms (conform + zod), server-only. Text is cleaned before it is
 * measured, so the limits count what is stored. Messages are form-message keys.
 */
import { z } from "zod";
import { formMessage } from "~/lib/formMessage";
import { FEED_CATEGORIES, REPORT_REASONS } from "~/stores/stores";
import { COMMENT_TEXT_MAX, FEED_TEXT_MAX, ID_PATTERN, REPORT_TEXT_MAX } from "./community.server";
import { cleanText } from "./text";

/** Text that is cleaned (text.ts) and then must have 1…max characters. */
function textField(max: number, required = true) {
  return z
    .string({ required_error: "errors.form.textRequired" })
    .max(max * 4, formMessage("errors.form.textTooLong", { max }))
    .transform(cleanText)
    .superRefine((value, ctx) => {
      if (required && value.length === 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "errors.form.textRequired" });
      } else if (Array.from(value).length > max) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: formMessage("errors.form.textTooLong", { max }) });
      }
    });
}

const id = z.string().regex(ID_PATTERN);

export const feedSchema = z.object({
  category: z.enum(FEED_CATEGORIES, {
    errorMap: () => ({ message: "errors.form.categoryRequired" }),
  }),
  text: textField(FEED_TEXT_MAX),
  /** Photos already stored (`id:width:height`): this feed's, or pending ones from a failed submit. */
  photo: z.array(z.string().max(40)).max(50).default([]),
});
export type FeedFields = z.input<typeof feedSchema>;

/** The feed page's forms, told apart by the button pressed. */
export const feedActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("like") }),
  z.object({
    intent: z.literal("comment"),
    parentId: id.optional(),
    text: textField(COMMENT_TEXT_MAX),
  }),
  z.object({ intent: z.literal("deleteComment"), commentId: id }),
  z.object({ intent: z.literal("deleteFeed"), confirmed: z.literal("yes").optional() }),
]);
export type CommentFields = { intent: "comment"; parentId?: string; text: string };

export const reportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { errorMap: () => ({ message: "errors.form.reasonRequired" }) }),
    text: textField(REPORT_TEXT_MAX, false).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.reason === "other" && !value.text) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["text"], message: "errors.form.textRequired" });
    }
  });
export type ReportFields = z.input<typeof reportSchema>;

export const reviewSchema = z.object({
  kind: z.enum(["feed", "comment"]),
  id,
  outcome: z.enum(["restored", "hidden", "deleted"]),
});

export const inboxSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), id: z.string().uuid() }),
  z.object({ intent: z.literal("read"), id: z.string().uuid() }),
  z.object({ intent: z.literal("delete"), id: z.string().uuid() }),
  z.object({ intent: z.literal("readAll") }),
]);
