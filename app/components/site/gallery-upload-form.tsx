import { Form } from "react-router";
import type { GalleryActionResult } from "./site-gallery-types";

/**
 * The Gallery page's 'New photos' section: one file input for several photos. A document post
 * (reloadDocument), so that an upload over UPLOAD_MAX_BYTES shows the request guard's 413 page
 * (server/request-guard.ts) instead of failing inside the page's script.
 */
export function GalleryUploadForm({
  result,
  limit,
  maxFiles,
}: {
  /** The last upload's answer, if the last post was an upload. */
  result: GalleryActionResult | undefined;
  /** The largest upload, as said to people ("20 MB"). */
  limit: string;
  maxFiles: number;
}) {
  const error = result && !result.ok ? result.message : undefined;
  return (
    <section className="staff-section site-gallery__upload">
      <h2>New photos</h2>
      <Form
        method="post"
        encType="multipart/form-data"
        reloadDocument
        className="site-gallery__upload-form"
      >
        <div className="field">
          <label htmlFor="gallery-photos">Choose photos</label>
          <input
            id="gallery-photos"
            name="photos"
            type="file"
            multiple
            required
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={`gallery-photos-hint${error ? " gallery-photos-error" : ""}`}
            aria-invalid={error ? true : undefined}
          />
          <p id="gallery-photos-hint" className="form__note">
            JPEG, PNG or WebP, up to {limit} and {maxFiles} photos at a time. Where and when a photo
            was taken is removed from it.
          </p>
          {error ? (
            <p id="gallery-photos-error" className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button">
          Upload Photos
        </button>
      </Form>
      {result?.ok ? (
        <p className="site-gallery__message" role="status">
          {result.message}
        </p>
      ) : null}
    </section>
  );
}
