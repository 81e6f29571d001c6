import type { InsertChoice } from "~/services/site/post-photos.server";
import { Photo } from "../photo";
import type { PostFieldParts } from "./blog-post-form";

/**
 * 'Insert Photo' under the body (docs/product.md#blog-posts): a gallery photo, or a new upload with
 * its alt text, written into the body as Markdown where the cursor was. With JavaScript the button
 * opens this dialog and a gallery photo is written in at once by the page's script
 * (app/lib/site-enhancements.ts), a new upload by the server; without, the button asks the server
 * for the page with this dialog open (`open`) and 'Insert' writes the photo at the body's end.
 * Its controls belong to the post's form (the dialog is inside it): only 'Insert' reads them.
 */
export function InsertPhoto({
  choices,
  open,
  fieldErrors,
  parts,
}: {
  choices: InsertChoice[];
  open: boolean;
  fieldErrors: Record<string, string>;
  parts: PostFieldParts;
}) {
  return (
    <div className="post-form__insert">
      <button
        type="submit"
        name="intent"
        value="choose-photo"
        className="button button--ghost button--small"
        data-opens-dialog=""
        aria-controls="insert-photo"
      >
        Insert Photo
      </button>
      <dialog
        id="insert-photo"
        className="modal modal--wide insert-photo"
        aria-labelledby="insert-photo-title"
        open={open || undefined}
      >
        <div className="modal__panel">
          <h2 id="insert-photo-title">Insert Photo</h2>
          <input type="hidden" name="cursor" id="post-cursor" />
          <fieldset
            className="insert-photo__gallery"
            aria-describedby={parts.describedBy("insertPhoto", false)}
          >
            <legend>From the gallery</legend>
            {choices.length === 0 ? <p>No photos in the gallery yet.</p> : null}
            <ul className="insert-photo__list">
              {choices.map((choice, index) => (
                <li key={choice.id}>
                  <label className="insert-photo__choice">
                    <input
                      type="radio"
                      name="insertPhoto"
                      value={choice.id}
                      data-markdown={choice.markdown}
                      {...(index === 0 ? parts.focus("insertPhoto") : {})}
                    />
                    <Photo photo={choice.photo} alt="" sizes="6rem" />
                    <span>{choice.label}</span>
                  </label>
                </li>
              ))}
            </ul>
            {parts.error("insertPhoto")}
          </fieldset>
          <div className="field" data-invalid={fieldErrors.insertFile ? true : undefined}>
            <label htmlFor="post-insertFile">Or upload a new photo</label>
            <input
              id="post-insertFile"
              name="insertFile"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-invalid={fieldErrors.insertFile ? true : undefined}
              aria-describedby={parts.describedBy("insertFile", false)}
              {...parts.focus("insertFile")}
            />
            {parts.error("insertFile")}
          </div>
          <div className="field">
            <label htmlFor="post-insertAlt">What the new photo shows</label>
            <input id="post-insertAlt" name="insertAlt" type="text" maxLength={200} />
          </div>
          <div className="button-row">
            <button
              type="submit"
              name="intent"
              value="insert-photo"
              className="button"
              data-inserts-photo=""
            >
              Insert
            </button>
            <button
              type="submit"
              name="intent"
              value="keep"
              className="button button--ghost"
              data-closes-dialog=""
            >
              Cancel
            </button>
          </div>
        </div>
      </dialog>
    </div>
  );
}
