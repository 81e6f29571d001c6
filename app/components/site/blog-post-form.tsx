import { Form } from "react-router";
import type { PhotoView } from "~/lib/photo-view";
import { Photo } from "../photo";

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
  return (
    <Form method="post" encType="multipart/form-data" className="post-form" noValidate>
      {FIELDS.map((field) => {
        const common = {
          id: `post-${field.name}`,
          name: field.name,
          defaultValue: values[field.name],
          maxLength: field.max,
          "aria-invalid": fieldErrors[field.name] ? true : undefined,
          "aria-describedby": describedBy(field.name, field.hint !== undefined),
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
            {error(field.name)}
          </div>
        );
      })}
      <div className="field" data-invalid={fieldErrors.cover ? true : undefined}>
        <label htmlFor="post-cover">Cover photo</label>
        {cover ? (
          <div className="post-form__cover">
            <Photo photo={cover} alt="The current cover photo" sizes="12rem" />
          </div>
        ) : null}
        <input
          id="post-cover"
          name="cover"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={fieldErrors.cover ? true : undefined}
          aria-describedby={describedBy("cover", true)}
        />
        <p className="field__hint" id="post-cover-hint">
          {cover ? "Choose a photo to replace it. " : "Optional. "}JPEG, PNG or WebP, up to {limit}.
          Shown above the post, and on the blog while it is the newest.
        </p>
        {error("cover")}
      </div>
      {cover ? (
        <div className="field post-form__check">
          <label htmlFor="post-remove-cover">
            <input id="post-remove-cover" name="removeCover" type="checkbox" value="yes" />
            Remove cover photo
          </label>
        </div>
      ) : null}
      <div className="field" data-invalid={fieldErrors.coverAlt ? true : undefined}>
        <label htmlFor="post-coverAlt">Alt text</label>
        <input
          id="post-coverAlt"
          name="coverAlt"
          type="text"
          maxLength={200}
          defaultValue={values.coverAlt}
          autoComplete="off"
          aria-invalid={fieldErrors.coverAlt ? true : undefined}
          aria-describedby={describedBy("coverAlt", true)}
        />
        <p className="field__hint" id="post-coverAlt-hint">
          What the cover photo shows, for people who cannot see it. Leave it empty when the photo
          only decorates.
        </p>
        {error("coverAlt")}
      </div>
      <div className="field" data-invalid={fieldErrors.body ? true : undefined}>
        <label htmlFor="post-body">Body</label>
        <textarea
          id="post-body"
          name="body"
          rows={18}
          maxLength={maxBody}
          defaultValue={values.body}
          required
          className="post-form__body"
          aria-invalid={fieldErrors.body ? true : undefined}
          aria-describedby={describedBy("body", true)}
        />
        <p className="field__hint" id="post-body-hint">
          Markdown: <code>## Heading</code>, <code>- item</code> for a list, <code>**bold**</code>,{" "}
          <code>[words](https://example.com)</code> for a link. Scripts and other HTML are removed.
        </p>
        {error("body")}
      </div>
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
    </Form>
  );
}
