import { type FormEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useDashboardAction } from "../dashboard/use-dashboard-action";
import { checkRequired, fieldHelpers, StaffDialog } from "../schedule-admin/staff-dialog";

/** What the 'Reviews' page's action answers. */
export type ReviewsActionResult =
  | { ok: true }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

/** A review as the staff list shows it. */
interface ReviewRow {
  id: string;
  quote: string;
  name: string;
  city: string;
  hidden: boolean;
}

type Open = { dialog: "add" } | { dialog: "edit" | "delete"; review: ReviewRow };

/**
 * The reviews in the site's order, hidden ones marked: 'Add Review', and on each 'Edit',
 * 'Hide' or 'Show', 'Move Up' / 'Move Down' and 'Delete'.
 */
export function ReviewsSection({ reviews }: { reviews: ReviewRow[] }) {
  const [open, setOpen] = useState<Open | null>(null);
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
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {open?.dialog === "add" ? <ReviewDialog onClose={close} /> : null}
      {open?.dialog === "edit" ? <ReviewDialog review={open.review} onClose={close} /> : null}
      {open?.dialog === "delete" ? <DeleteDialog review={open.review} onClose={close} /> : null}
    </section>
  );
}

function ReviewLine({
  review,
  first,
  last,
  onOpen,
}: {
  review: ReviewRow;
  first: boolean;
  last: boolean;
  onOpen(open: Open): void;
}) {
  const fetcher = useFetcher<ReviewsActionResult>();
  const started = useDashboardAction(fetcher, () => {});
  const of = <span className="visually-hidden"> the review by {review.name}</span>;
  // One form for the row's quick changes: the button pressed is the intent.
  return (
    <tr>
      <td>{review.quote}</td>
      <td>{review.name}</td>
      <td>{review.city}</td>
      <td>{review.hidden ? "Hidden" : "Shown"}</td>
      <td>
        <fetcher.Form method="post" className="row-actions" onSubmit={() => started()}>
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

/** A dialog's form: its fetcher, field errors, and closing once the change is made. */
function useReviewForm(prefix: string, dialog: React.RefObject<HTMLDialogElement | null>) {
  const fetcher = useFetcher<ReviewsActionResult>();
  const [missing, setMissing] = useState<string[]>([]);
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const helpers = fieldHelpers(prefix, failed?.fieldErrors ?? {}, missing);
  // The page's data reloads by itself after a form is sent; a refused form stays open with what
  // was typed in it.
  const started = useDashboardAction(fetcher, () => {
    if (fetcher.data?.ok) dialog.current?.close();
  });
  const onSubmit = (required: string[]) => (event: FormEvent<HTMLFormElement>) => {
    if (checkRequired(event, required, prefix, setMissing)) started();
  };
  return { fetcher, failed, onSubmit, ...helpers };
}

/** 'Add Review', or 'Edit' of one. */
function ReviewDialog({ review, onClose }: { review?: ReviewRow; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { fetcher, failed, onSubmit, attrs, error } = useReviewForm("review", dialog);
  return (
    <StaffDialog
      dialog={dialog}
      titleId="review-dialog-title"
      title={review ? `Edit the Review by ${review.name}` : "Add Review"}
      onClose={onClose}
    >
      {failed && !failed.fieldErrors ? <p className="field__error">{failed.message}</p> : null}
      <fetcher.Form
        method="post"
        noValidate
        onSubmit={onSubmit(["quote", "name"])}
        className="site-review-form"
      >
        {review ? <input type="hidden" name="id" value={review.id} /> : null}
        <div className="field">
          <label htmlFor="review-quote">Quote</label>
          <textarea {...attrs("quote")} rows={6} maxLength={1000} defaultValue={review?.quote} />
          {error("quote")}
        </div>
        <div className="field">
          <label htmlFor="review-name">Name</label>
          <input {...attrs("name")} maxLength={60} autoComplete="off" defaultValue={review?.name} />
          {error("name")}
        </div>
        <div className="field">
          <label htmlFor="review-city">City</label>
          <input {...attrs("city")} maxLength={60} autoComplete="off" defaultValue={review?.city} />
          {error("city")}
        </div>
        <button type="submit" name="intent" value={review ? "edit" : "add"} className="button">
          Save Review
        </button>
      </fetcher.Form>
    </StaffDialog>
  );
}

function DeleteDialog({ review, onClose }: { review: ReviewRow; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { fetcher, failed, onSubmit } = useReviewForm("delete-review", dialog);
  return (
    <StaffDialog
      dialog={dialog}
      titleId="delete-review-title"
      title={`Delete the review by ${review.name}?`}
      size="small"
      onClose={onClose}
    >
      <p className="modal__service">
        It is removed from the site for good. To take it off the site for a while, use 'Hide'.
      </p>
      {failed ? <p className="field__error">{failed.message}</p> : null}
      <fetcher.Form method="post" onSubmit={onSubmit([])} className="button-row modal__actions">
        <input type="hidden" name="id" value={review.id} />
        <button type="submit" name="intent" value="delete" className="button button--danger">
          Delete Review
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => dialog.current?.close()}
        >
          Keep
        </button>
      </fetcher.Form>
    </StaffDialog>
  );
}
