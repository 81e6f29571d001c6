import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Photo } from "../photo";
import { ConfirmDelete } from "./confirm-delete";
import { ErrorSummary } from "./form-feedback";
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
        {result && result.intent !== "confirm-delete" ? (
          <p
            className={result.ok ? "site-gallery__message" : "field__error"}
            role={result.ok ? "status" : "alert"}
          >
            {result.message}
          </p>
        ) : null}
        <GalleryItemActions
          item={item}
          number={number}
          first={first}
          last={last}
          asked={result?.intent === "confirm-delete"}
        />
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
  // A refused save: the focus goes to its first refused field (the page was answered in place).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result && !result.ok) form.current?.querySelector<HTMLElement>("[aria-invalid]")?.focus();
  }, [result]);
  return (
    <Form ref={form} method="post" className="site-gallery__texts" noValidate>
      <ErrorSummary
        id={`${prefix}-errors`}
        errors={errors}
        idOf={(name) => `${prefix}-${name}`}
        labelOf={(name) => ({ alt: "Alt text", caption: "Caption" })[name]}
      />
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

/**
 * 'Move Up', 'Move Down', 'Hide' or 'Show', and 'Delete'; off while one of them is sent. 'Delete'
 * asks first ('Delete this photo?'): in a modal dialog, or without JavaScript as the server's
 * answer to 'Delete' (`asked`), a step of its own.
 */
function GalleryItemActions({
  item,
  number,
  first,
  last,
  asked,
}: {
  item: GalleryListItem;
  number: number;
  first: boolean;
  last: boolean;
  asked: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === item.id;
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (!asking || !dialog.current || dialog.current.open) return;
    dialog.current.showModal();
    keep.current?.focus();
  }, [asking]);
  return (
    <>
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
          value="confirm-delete"
          className="button button--ghost button--small button--danger"
          disabled={busy}
          onClick={(event) => {
            event.preventDefault();
            setAsking(true);
          }}
        >
          Delete
          <OfPhoto number={number} />
        </button>
      </Form>
      {asking || asked ? (
        <ConfirmDelete
          id={`photo-${item.id}-delete`}
          question="Delete this photo?"
          detail={`Photo ${number} is removed from the gallery for good. To take it off the gallery for a while, use 'Hide'.`}
          open={asked && !asking}
          dialog={dialog}
          onClose={() => setAsking(false)}
        >
          <Form method="post">
            <input type="hidden" name="id" value={item.id} />
            <button type="submit" name="intent" value="delete" className="button button--danger">
              Yes, Delete
            </button>
          </Form>
          <Form method="get" action="/site/gallery">
            <button
              ref={keep}
              type="submit"
              className="button button--ghost"
              // biome-ignore lint/a11y/noAutofocus: the step asks one question; the safe answer is ready
              autoFocus={asked}
              onClick={(event) => {
                if (!dialog.current?.open || !asking) return;
                event.preventDefault();
                dialog.current.close();
              }}
            >
              Keep
            </button>
          </Form>
        </ConfirmDelete>
      ) : null}
    </>
  );
}
