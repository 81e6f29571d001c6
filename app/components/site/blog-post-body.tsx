import type { PostFieldParts, PostFormProps } from "./blog-post-form";

// The post form's 'Body' and its buttons (blog-post-form.tsx).

/** 'Body', in Markdown. */
export function BodyField({
  body,
  maxBody,
  fieldErrors,
  parts,
  cursor,
}: {
  body: string;
  maxBody: number;
  fieldErrors: Record<string, string>;
  parts: PostFieldParts;
  cursor: number | null;
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
        // After a photo was inserted: the cursor waits just after it (site-enhancements.ts).
        data-cursor={cursor ?? undefined}
        {...(cursor !== null ? { autoFocus: true } : parts.focus("body"))}
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
export function PostButtons({ status }: { status: PostFormProps["status"] }) {
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
        // Asks first: the page's script opens 'Delete this post?' (ConfirmDelete), or without
        // JavaScript the server answers with the page asking it.
        <button
          type="submit"
          name="intent"
          value="confirm-delete"
          className="button button--ghost button--danger post-form__delete"
          data-opens-dialog=""
          aria-controls="post-delete"
        >
          Delete
        </button>
      ) : null}
    </div>
  );
}
