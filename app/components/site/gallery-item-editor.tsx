import { Form, useNavigation } from "react-router";
import { Photo } from "../photo";
import type { GalleryActionResult, GalleryListItem } from "./site-gallery-types";

interface Limits {
  altMax: number;
  captionMax: number;
}

/** " photo 3", for screen readers: every photo has the same buttons, so each names its photo. */
function OfPhoto({ number }: { number: number }) {
  return <span className="visually-hidden"> photo {number}</span>;
}

/**
 * One photo of the staff's Gallery list: its thumbnail and state, its 'Alt text' and 'Caption'
 * form, the answer to the last change made to it, and its order, 'Hide'/'Show' and 'Delete'.
 */
export function GalleryItemEditor({
  item,
  number,
  first,
  last,
  result,
  focus,
  limits,
}: {
  limits: Limits;
  item: GalleryListItem;
  number: number;
  first: boolean;
  last: boolean;
  result?: GalleryActionResult;
  focus: boolean;
}) {
  const prefix = `photo-${item.id}`;
  const status = item.hidden
    ? "Hidden"
    : item.alt === ""
      ? "Not shown yet: write its alt text"
      : "On the gallery";
  return (
    <li className="site-gallery__item" aria-labelledby={`${prefix}-title`}>
      <div className="site-gallery__thumb">
        <Photo photo={item.photo} alt={item.alt} sizes="10rem" />
      </div>
      <div className="site-gallery__body">
        <h3 id={`${prefix}-title`} className="site-gallery__title">
          Photo {number}
          <span className={`site-gallery__status${item.shown ? "" : " site-gallery__status--off"}`}>
            {status}
          </span>
        </h3>
        <GalleryItemTexts
          item={item}
          number={number}
          result={result}
          focus={focus}
          limits={limits}
        />
        {result ? (
          <p
            className={result.ok ? "site-gallery__message" : "field__error"}
            role={result.ok ? "status" : "alert"}
          >
            {result.message}
          </p>
        ) : null}
        <GalleryItemActions item={item} number={number} first={first} last={last} />
      </div>
    </li>
  );
}

/** 'Alt text' and 'Caption' with 'Save Photo'; a refused save marks its field. */
function GalleryItemTexts({
  item,
  number,
  result,
  focus,
  limits,
}: {
  item: GalleryListItem;
  number: number;
  result?: GalleryActionResult;
  focus: boolean;
  limits: Limits;
}) {
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const prefix = `photo-${item.id}`;
  const errorOf = (field: string) =>
    errors[field] ? (
      <p id={`${prefix}-${field}-error`} className="field__error">
        {errors[field]}
      </p>
    ) : null;
  const describedBy = (field: string) => (errors[field] ? `${prefix}-${field}-error` : undefined);
  return (
    <Form method="post" className="site-gallery__texts" noValidate>
      <input type="hidden" name="id" value={item.id} />
      <div className="field">
        <label htmlFor={`${prefix}-alt`}>Alt text</label>
        <input
          id={`${prefix}-alt`}
          name="alt"
          required
          maxLength={limits.altMax}
          autoComplete="off"
          defaultValue={item.alt}
          // After an upload the cursor waits in the first new photo's alt text.
          // biome-ignore lint/a11y/noAutofocus: it is where the staff member writes next
          autoFocus={focus}
          aria-invalid={errors.alt ? true : undefined}
          aria-describedby={describedBy("alt")}
        />
        {errorOf("alt")}
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-caption`}>Caption</label>
        <input
          id={`${prefix}-caption`}
          name="caption"
          maxLength={limits.captionMax}
          autoComplete="off"
          defaultValue={item.caption}
          aria-invalid={errors.caption ? true : undefined}
          aria-describedby={describedBy("caption")}
        />
        {errorOf("caption")}
      </div>
      <button type="submit" name="intent" value="save" className="button button--small">
        Save Photo
        <OfPhoto number={number} />
      </button>
    </Form>
  );
}

/** 'Move Up', 'Move Down', 'Hide' or 'Show', and 'Delete'; off while one of them is sent. */
function GalleryItemActions({
  item,
  number,
  first,
  last,
}: {
  item: GalleryListItem;
  number: number;
  first: boolean;
  last: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === item.id;
  return (
    <Form method="post" className="row-actions site-gallery__actions">
      <input type="hidden" name="id" value={item.id} />
      <button
        type="submit"
        name="intent"
        value="move-up"
        className="button button--ghost button--small"
        disabled={first || busy}
      >
        Move Up
        <OfPhoto number={number} />
      </button>
      <button
        type="submit"
        name="intent"
        value="move-down"
        className="button button--ghost button--small"
        disabled={last || busy}
      >
        Move Down
        <OfPhoto number={number} />
      </button>
      <button
        type="submit"
        name="intent"
        value={item.hidden ? "show" : "hide"}
        className="button button--ghost button--small"
        disabled={busy}
      >
        {item.hidden ? "Show" : "Hide"}
        <OfPhoto number={number} />
      </button>
      <button
        type="submit"
        name="intent"
        value="delete"
        className="button button--ghost button--small button--danger"
        disabled={busy}
      >
        Delete
        <OfPhoto number={number} />
      </button>
    </Form>
  );
}
