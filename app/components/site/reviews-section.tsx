import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { Locale } from "~/domain/i18n/locale";
import { LanguageTag } from "../language-tag";
import { SaveStatus } from "./form-feedback";
import { DeleteReviewDialog, ReviewDialog } from "./review-dialogs";

/** What the 'Reviews' page's action answers. */
export type ReviewsActionResult =
  | { ok: true }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

/** A review as the staff list shows it. */
export interface ReviewRow {
  id: string;
  quote: string;
  name: string;
  city: string;
  language: Locale;
  hidden: boolean;
}

type Open = { dialog: "add" } | { dialog: "edit" | "delete"; review: ReviewRow };

/**
 * The reviews in the site's order, hidden ones marked: 'Add Review', and on each 'Edit',
 * 'Hide' or 'Show', 'Move Up' / 'Move Down' and 'Delete'. What a change did is said in the
 * section's status line, in place (docs/product.md#the-site).
 */
export function ReviewsSection({ reviews }: { reviews: ReviewRow[] }) {
  const [open, setOpen] = useState<Open | null>(null);
  const [said, setSaid] = useState("");
  const close = () => setOpen(null);
  return (
    <section aria-labelledby="reviews-title" className="staff-section">
      <div className="section-head">
        <h2 id="reviews-title">Guest Reviews</h2>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setOpen({ dialog: "add" })}
        >
          Add Review
        </button>
      </div>
      <SaveStatus message={said} />
      {reviews.length === 0 ? (
        <p>No reviews yet: the Reviews page says so until one is added.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table site-reviews-table">
            <caption className="visually-hidden">Reviews, in the order the site shows them</caption>
            <thead>
              <tr>
                <th scope="col">Quote</th>
                <th scope="col">Name</th>
                <th scope="col">City</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {reviews.map((review, index) => (
                <ReviewLine
                  key={review.id}
                  review={review}
                  first={index === 0}
                  last={index === reviews.length - 1}
                  onOpen={setOpen}
                  onDone={setSaid}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open?.dialog === "add" ? <ReviewDialog onClose={close} onDone={setSaid} /> : null}
      {open?.dialog === "edit" ? (
        <ReviewDialog review={open.review} onClose={close} onDone={setSaid} />
      ) : null}
      {open?.dialog === "delete" ? (
        <DeleteReviewDialog review={open.review} onClose={close} onDone={setSaid} />
      ) : null}
    </section>
  );
}

function ReviewLine({
  review,
  first,
  last,
  onOpen,
  onDone,
}: {
  review: ReviewRow;
  first: boolean;
  last: boolean;
  onOpen(open: Open): void;
  onDone(said: string): void;
}) {
  const fetcher = useFetcher<ReviewsActionResult>();
  const started = useRowFeedback(fetcher, review.name, onDone);
  const of = <span className="visually-hidden"> the review by {review.name}</span>;
  // One form for the row's quick changes: the button pressed is the intent.
  return (
    <tr>
      <td>
        <span lang={review.language === "en" ? undefined : review.language}>{review.quote}</span>
        <LanguageTag language={review.language} title="Written in Spanish" />
      </td>
      <td>{review.name}</td>
      <td>{review.city}</td>
      <td>{review.hidden ? "Hidden" : "Shown"}</td>
      <td>
        <fetcher.Form method="post" className="row-actions" onSubmit={started}>
          <input type="hidden" name="id" value={review.id} />
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => onOpen({ dialog: "edit", review })}
          >
            Edit{of}
          </button>
          <button
            type="submit"
            name="intent"
            value={review.hidden ? "show" : "hide"}
            className="button button--ghost button--small"
          >
            {review.hidden ? "Show" : "Hide"}
            {of}
          </button>
          <button
            type="submit"
            name="intent"
            value="move-up"
            className="button button--ghost button--small"
            disabled={first}
          >
            Move Up{of}
          </button>
          <button
            type="submit"
            name="intent"
            value="move-down"
            className="button button--ghost button--small"
            disabled={last}
          >
            Move Down{of}
          </button>
          <button
            type="button"
            className="button button--ghost button--small button--danger"
            onClick={() => onOpen({ dialog: "delete", review })}
          >
            Delete{of}
          </button>
        </fetcher.Form>
      </td>
    </tr>
  );
}

/** What a row's quick change did, for the section's status line; its refusal, said the same way. */
const DONE: Record<string, string> = {
  hide: "Hid the review by",
  show: "Showed the review by",
  "move-up": "Moved up the review by",
  "move-down": "Moved down the review by",
};

function useRowFeedback(
  fetcher: ReturnType<typeof useFetcher<ReviewsActionResult>>,
  name: string,
  onDone: (said: string) => void,
) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === null || fetcher.state !== "idle" || !fetcher.data) return;
    const intent = sent.current;
    sent.current = null;
    onDone(
      fetcher.data.ok
        ? `${DONE[intent] ?? "Changed the review by"} ${name}.`
        : fetcher.data.message,
    );
  }, [fetcher.state, fetcher.data, name, onDone]);
  return (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    sent.current = submitter instanceof HTMLButtonElement ? submitter.value : "";
    onDone("");
  };
}
