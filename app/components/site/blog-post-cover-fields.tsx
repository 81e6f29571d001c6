import type { PhotoView } from "~/lib/photo-view";
import { Photo } from "../photo";
import type { PostFieldParts } from "./blog-post-form";

/** 'Cover photo' (the saved one shown above it), 'Remove cover photo' and the photo's 'Alt text'. */
export function BlogPostCoverFields({
  cover,
  chosen,
  limit,
  coverAlt,
  fieldErrors,
  parts,
}: {
  cover: PhotoView | null;
  /** A cover chosen before (kept by Preview): saved with the post next time. */
  chosen: PhotoView | null;
  limit: string;
  coverAlt: string;
  fieldErrors: Record<string, string>;
  parts: PostFieldParts;
}) {
  return (
    <>
      <div className="field" data-invalid={fieldErrors.cover ? true : undefined}>
        <label htmlFor="post-cover">Cover photo</label>
        {chosen ? (
          <div className="post-form__cover">
            <input type="hidden" name="chosenCover" value={chosen.id} />
            <Photo photo={chosen} alt="The chosen cover photo" sizes="12rem" />
            <p className="field__hint">Chosen: saved with the post.</p>
          </div>
        ) : cover ? (
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
          aria-describedby={parts.describedBy("cover", true)}
          {...parts.focus("cover")}
        />
        <p className="field__hint" id="post-cover-hint">
          {cover ? "Choose a photo to replace it. " : "Optional. "}JPEG, PNG or WebP, up to {limit}.
          Shown above the post, and on the blog while it is the newest.
        </p>
        {parts.error("cover")}
      </div>
      {cover || chosen ? (
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
          defaultValue={coverAlt}
          autoComplete="off"
          aria-invalid={fieldErrors.coverAlt ? true : undefined}
          aria-describedby={parts.describedBy("coverAlt", true)}
          {...parts.focus("coverAlt")}
        />
        <p className="field__hint" id="post-coverAlt-hint">
          What the cover photo shows, for people who cannot see it. Leave it empty when the photo
          only decorates.
        </p>
        {parts.error("coverAlt")}
      </div>
    </>
  );
}
