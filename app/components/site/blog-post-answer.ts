// What a post's page under 'Blog Posts' (app/routes/site-blog-post.tsx) and its action
// (site-blog-post-action.server.ts) hand each other, in one place the browser code may import.
import type { PhotoView } from "~/lib/photo-view";
import type { PostFormValues } from "./blog-post-form";

export type PostFields = Partial<
  Record<
    "title" | "author" | "date" | "description" | "tags" | "body" | "coverAlt" | "language",
    string
  >
>;

/** What the page shows after a refused or previewed form: the fields as they were sent. */
export type Answer = {
  /** null when the form could not be read whole (an upload over the limit). */
  values: PostFormValues | null;
  fieldErrors: Record<string, string>;
  message: string | null;
  preview: string | null;
  /** A cover photo chosen and stored, not saved with the post yet (kept by Preview). */
  chosenCover: PhotoView | null;
  /** The question the page shows as a step of its own (without JavaScript). */
  asking: "delete" | "photo" | null;
  /** Where the body's cursor goes (after a photo inserted), as a character offset. */
  cursor: number | null;
};

export const NOTHING_SAID = {
  fieldErrors: {},
  message: null,
  preview: null,
  chosenCover: null,
  asking: null,
  cursor: null,
} satisfies Omit<Answer, "values">;

/** The fields as sent, for the form to show again. */
export function valuesOf(fields: PostFields): PostFormValues {
  return {
    title: fields.title ?? "",
    author: fields.author ?? "",
    date: fields.date ?? "",
    description: fields.description ?? "",
    tags: fields.tags ?? "",
    body: fields.body ?? "",
    coverAlt: fields.coverAlt ?? "",
    language: fields.language ?? "en",
  };
}
