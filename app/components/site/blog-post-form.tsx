import { Form } from "react-router";
import type { PhotoView } from "~/lib/photo-view";
import type { InsertChoice } from "~/services/site/post-photos.server";
import { BodyField, PostButtons } from "./blog-post-body";
import { BlogPostCoverFields } from "./blog-post-cover-fields";
import { InsertPhoto } from "./blog-post-insert-photo";

/** What the form shows in its fields: a saved post's, or what was just sent back. */
export interface PostFormValues {
  title: string;
  author: string;
  date: string;
  description: string;
  tags: string;
  body: string;
  coverAlt: string;
  /** "en" or "es" (issue 39). */
  language: string;
}

export interface PostFormProps {
  /** The saved post's status, or null for a new post. */
  status: "draft" | "published" | null;
  values: PostFormValues;
  fieldErrors: Record<string, string>;
  /** The largest Markdown body the form takes. */
  maxBody: number;
  /** The saved post's cover photo, or null. */
  cover: PhotoView | null;
  /** A cover chosen and stored before (by Preview), saved with the post on its next save. */
  chosenCover: PhotoView | null;
  /** The largest upload, as said to people ("20 MB"), and what a larger choice is told. */
  limit: string;
  upload: { maxBytes: number; tooLarge: string };
  /** The gallery's photos 'Insert Photo' offers. */
  choices: InsertChoice[];
  /** 'Insert Photo' open as a step of its own (the server's answer without JavaScript). */
  choosing: boolean;
  /** Where the body's cursor goes after a photo was inserted. */
  cursor: number | null;
}

/** The fields in the form's order: the first refused one gets the focus. */
const FIELD_ORDER = [
  "title",
  "author",
  "date",
  "description",
  "tags",
  "cover",
  "coverAlt",
  "body",
  "insertPhoto",
  "insertFile",
  "insertAlt",
];

/** The first refused field, in the form's order. */
export function firstRefused(fieldErrors: Record<string, string>): string | undefined {
  return FIELD_ORDER.find((name) => fieldErrors[name]) ?? Object.keys(fieldErrors)[0];
}

const FIELDS: {
  name: Exclude<keyof PostFormValues, "body" | "coverAlt" | "language">;
  label: string;
  hint?: string;
  kind: "text" | "date" | "area" | "markdown";
  max: number;
}[] = [
  { name: "title", label: "Title", kind: "text", max: 160 },
  { name: "author", label: "Author", kind: "text", max: 80 },
  {
    name: "date",
    label: "Date",
    kind: "date",
    max: 10,
    hint: "Shown with the post; newest first.",
  },
  {
    name: "description",
    label: "Description",
    kind: "area",
    max: 500,
    hint: "One or two sentences for the blog list and search results.",
  },
  {
    name: "tags",
    label: "Tags",
    kind: "text",
    max: 600,
    hint: "Separated by commas, as in: manicures, nail care, gel",
  },
];

/** A field's error line and its control's aria-describedby, by the field's name. */
function fieldParts(fieldErrors: Record<string, string>) {
  const first = firstRefused(fieldErrors);
  // The first refused field takes the focus as the page loads (a plain page: no script needed).
  const focus = (name: string) => (first === name ? { autoFocus: true } : {});
  const describedBy = (name: string, hint: boolean) =>
    [fieldErrors[name] ? `post-${name}-error` : "", hint ? `post-${name}-hint` : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  const error = (name: string) =>
    fieldErrors[name] ? (
      <p className="field__error" id={`post-${name}-error`}>
        {fieldErrors[name]}
      </p>
    ) : null;
  return { describedBy, error, focus };
}

/** What each section of the form uses to link its fields to their hints and errors. */
export type PostFieldParts = ReturnType<typeof fieldParts>;

/**
 * A post's form: its fields, each with its error beside it, and the buttons. 'Preview' shows the
 * body as the site will (sanitised, made on the server) without saving anything.
 */
export function BlogPostForm(props: PostFormProps) {
  const { values, fieldErrors, upload } = props;
  const parts = fieldParts(fieldErrors);
  return (
    <Form
      id="post-form"
      method="post"
      encType="multipart/form-data"
      className="post-form"
      noValidate
      // The page's script refuses photos over the limit before sending (site-enhancements.ts).
      data-max-bytes={upload.maxBytes}
      data-too-large={upload.tooLarge}
    >
      <PostTextFields values={values} fieldErrors={fieldErrors} parts={parts} />
      <LanguageField language={values.language} fieldErrors={fieldErrors} parts={parts} />
      <BlogPostCoverFields
        cover={props.cover}
        chosen={props.chosenCover}
        limit={props.limit}
        coverAlt={values.coverAlt}
        fieldErrors={fieldErrors}
        parts={parts}
      />
      <BodyField
        body={values.body}
        maxBody={props.maxBody}
        fieldErrors={fieldErrors}
        parts={parts}
        cursor={props.cursor}
      />
      <InsertPhoto
        choices={props.choices}
        open={props.choosing}
        fieldErrors={fieldErrors}
        parts={parts}
      />
      <PostButtons status={props.status} />
    </Form>
  );
}

/** 'Language' (issue 39): the language the post is written in, and so the blog that lists it. */
function LanguageField(props: {
  language: string;
  fieldErrors: Record<string, string>;
  parts: PostFieldParts;
}) {
  const { language, fieldErrors, parts } = props;
  return (
    <div className="field" data-invalid={fieldErrors.language ? true : undefined}>
      <label htmlFor="post-language">Language</label>
      <select
        id="post-language"
        name="language"
        defaultValue={language === "es" ? "es" : "en"}
        aria-invalid={fieldErrors.language ? true : undefined}
        aria-describedby={parts.describedBy("language", false)}
      >
        <option value="en">English</option>
        <option value="es" lang="es">
          Español
        </option>
      </select>
      {parts.error("language")}
    </div>
  );
}

/** 'Title', 'Author', 'Date', 'Description' and 'Tags' (FIELDS). */
function PostTextFields({
  values,
  fieldErrors,
  parts,
}: {
  values: PostFormValues;
  fieldErrors: Record<string, string>;
  parts: PostFieldParts;
}) {
  return FIELDS.map((field) => {
    const common = {
      id: `post-${field.name}`,
      name: field.name,
      defaultValue: values[field.name],
      maxLength: field.max,
      "aria-invalid": fieldErrors[field.name] ? true : undefined,
      "aria-describedby": parts.describedBy(field.name, field.hint !== undefined),
      ...parts.focus(field.name),
    };
    return (
      <div
        className="field"
        key={field.name}
        data-invalid={fieldErrors[field.name] ? true : undefined}
      >
        <label htmlFor={common.id}>{field.label}</label>
        {field.kind === "area" ? (
          <textarea {...common} rows={3} />
        ) : (
          <input
            {...common}
            type={field.kind === "date" ? "date" : "text"}
            required={field.name !== "tags"}
            autoComplete="off"
          />
        )}
        {field.hint ? (
          <p className="field__hint" id={`post-${field.name}-hint`}>
            {field.hint}
          </p>
        ) : null}
        {parts.error(field.name)}
      </div>
    );
  });
}
