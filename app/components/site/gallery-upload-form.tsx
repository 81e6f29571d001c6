import { type FormEvent, useState } from "react";
import { Form } from "react-router";
import type { GalleryActionResult } from "./site-gallery-types";

/**
 * The Gallery page's 'New photos' section: one file input for several photos. A document post
 * (reloadDocument), so that an upload over UPLOAD_MAX_BYTES that a browser sends anyway shows the
 * request guard's 413 page (server/request-guard.ts) instead of failing inside the page's script;
 * with JavaScript such a choice is refused here before a byte is sent. Why the server refused an
 * upload (a file that is no photo, too many files) is said beside the file input.
 */
export function GalleryUploadForm({
  result,
  limit,
  maxFiles,
  upload,
}: {
  /** The last upload's answer, if the last post was an upload. */
  result: GalleryActionResult | undefined;
  /** The largest upload, as said to people ("20 MB"). */
  limit: string;
  maxFiles: number;
  /** The largest body, and what a larger choice is told. */
  upload: { maxBytes: number; tooLarge: string };
}) {
  const [tooLarge, setTooLarge] = useState<string | undefined>();
  const refused = result && !result.ok ? (result.fieldErrors?.photos ?? result.message) : undefined;
  const error = tooLarge ?? refused;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem("photos");
    const files = input instanceof HTMLInputElement ? [...(input.files ?? [])] : [];
    const total = files.reduce((sum, file) => sum + file.size, 0);
    if (total <= upload.maxBytes) {
      setTooLarge(undefined);
      return;
    }
    event.preventDefault();
    setTooLarge(upload.tooLarge);
    if (input instanceof HTMLInputElement) input.focus();
  };
  return (
    <section className="staff-section site-gallery__upload">
      <h2>New photos</h2>
      <Form
        method="post"
        encType="multipart/form-data"
        reloadDocument
        className="site-gallery__upload-form"
        onSubmit={onSubmit}
      >
        <div className="field" data-invalid={error ? true : undefined}>
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
            // biome-ignore lint/a11y/noAutofocus: a refused upload is chosen again right here
            autoFocus={refused !== undefined}
            onChange={() => setTooLarge(undefined)}
          />
          <p id="gallery-photos-hint" className="form__note">
            JPEG, PNG or WebP, up to {limit} in all and {maxFiles} photos at a time. Where and when
            a photo was taken is removed from it.
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
