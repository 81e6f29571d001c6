import type { PageTextPhoto } from "~/lib/page-text-fields";
import type { PhotoView } from "~/lib/photo-view";
import { Photo } from "../photo";

// The parts of the 'Page Texts' form (page-texts-form.tsx) that every field shares, and its photo
// fields.

/** The attributes of a field's control and its error line, linked by aria-describedby. */
export function fieldParts(name: string, error: string | undefined) {
  const id = `texts-${name}`;
  return {
    attrs: {
      id,
      name,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-error` : undefined,
    },
    message: error ? (
      <p className="field__error" id={`${id}-error`}>
        {error}
      </p>
    ) : null,
  };
}

/** A photo upload: the photo shown now (or a word that the illustration shows), and 'Remove'. */
export function PhotoField({
  photo,
  current,
  error,
}: {
  photo: PageTextPhoto;
  current: PhotoView | null;
  error: string | undefined;
}) {
  const { attrs, message } = fieldParts(photo.name, error);
  const hintId = `${attrs.id}-hint`;
  return (
    <div className="field page-texts-form__photo">
      <label htmlFor={attrs.id}>{photo.label}</label>
      {current ? (
        <Photo photo={current} alt="" sizes="12rem" />
      ) : (
        <p className="form__note" id={hintId}>
          None yet: the page shows its illustration.
        </p>
      )}
      <input
        {...attrs}
        aria-describedby={
          [attrs["aria-describedby"], current ? undefined : hintId].filter(Boolean).join(" ") ||
          undefined
        }
        type="file"
        accept="image/jpeg,image/png,image/webp,image/*"
        data-clears
      />
      {message}
      {current ? (
        <div className="field--check">
          <label htmlFor={`texts-${photo.removeName}`}>
            <input
              id={`texts-${photo.removeName}`}
              name={photo.removeName}
              type="checkbox"
              value="yes"
              data-clears
            />{" "}
            {photo.removeLabel}
          </label>
        </div>
      ) : null}
    </div>
  );
}
