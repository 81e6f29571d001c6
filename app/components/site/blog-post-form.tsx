import { Form } from "react-router";
import type { PhotoView } from "~/lib/photo-view";
import { BlogPostCoverFields } from "./blog-post-cover-fields";

/** What the form shows in its fields: a saved post's, or what was just sent back. */
export interface PostFormValues {
  title: string;
  author: string;
  date: string;
  description: string;
  tags: string;
  body: string;
  coverAlt: string;
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
  /** The largest upload, as said to people ("20 MB"). */
  limit: string;
}

const FIELDS: {
  name: Exclude<keyof PostFormValues, "body" | "coverAlt">;
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
  return { describedBy, error };
}

/** What each section of the form uses to link its fields to their hints and errors. */
export type PostFieldParts = ReturnType<typeof fieldParts>;

/**
 * A post's form: its fields, each with its error beside it, and the buttons. 'Preview' shows the
 * body as the site will (sanitised, made on the server) without saving anything.
 */
export function BlogPostForm({
  status,
  values,
  fieldErrors,
  maxBody,
  cover,
  limit,
}: PostFormProps) {
  const parts = fieldParts(fieldErrors);
  return (
    <Form method="post" encType="multipart/form-data" className="post-form" noValidate>
      <PostTextFields values={values} fieldErrors={fieldErrors} parts={parts} />
      <BlogPostCoverFields
        cover={cover}
        limit={limit}
        coverAlt={values.coverAlt}
        fieldErrors={fieldErrors}
        parts={parts}
      />
      <BodyField body={values.body} maxBody={maxBody} fieldErrors={fieldErrors} parts={parts} />
      <PostButtons status={status} />
    </Form>
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

/** 'Body', in Markdown. */
function BodyField({
  body,
  maxBody,
  fieldErrors,
  parts,
}: {
  body: string;
  maxBody: number;
  fieldErrors: Record<string, string>;
  parts: PostFieldParts;
}) {
  return (
    <div className="field" data-invalid={fieldErrors.body ? true : undefined}>
      <label htmlFor="post-body">Body</label>
      <textarea
        id="post-body"
        name="body"
        rows={18}
        maxLength={maxBody}
        defaultValue={body}
        required
        className="post-form__body"
        aria-invalid={fieldErrors.body ? true : undefined}
        aria-describedby={parts.describedBy("body", true)}
      />
      <p className="field__hint" id="post-body-hint">
        Markdown: <code>## Heading</code>, <code>- item</code> for a list, <code>**bold**</code>,{" "}
        <code>[words](https://example.com)</code> for a link. Scripts and other HTML are removed.
      </p>
      {parts.error("body")}
    </div>
  );
}

/** 'Preview', 'Save Draft', 'Publish', and for a saved post 'Unpublish' (if published) and 'Delete'. */
function PostButtons({ status }: { status: PostFormProps["status"] }) {
  return (
    <div className="post-form__buttons">
      <button type="submit" name="intent" value="preview" className="button button--ghost">
        Preview
      </button>
      <button type="submit" name="intent" value="save-draft" className="button button--ghost">
        Save Draft
      </button>
      <button type="submit" name="intent" value="publish" className="button">
        Publish
      </button>
      {status === "published" ? (
        <button type="submit" name="intent" value="unpublish" className="button button--ghost">
          Unpublish
        </button>
      ) : null}
      {status !== null ? (
        <button
          type="submit"
          name="intent"
          value="delete"
          className="button button--ghost button--danger post-form__delete"
        >
          Delete
        </button>
      ) : null}
    </div>
  );
}
