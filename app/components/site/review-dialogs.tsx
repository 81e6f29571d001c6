import { type FormEvent, type RefObject, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { checkRequired, fieldHelpers, StaffDialog } from "../schedule-admin/staff-dialog";
import { ErrorSummary, useSaveFeedback } from "./form-feedback";
import type { ReviewRow, ReviewsActionResult } from "./reviews-section";

const REVIEW_LABELS: Record<string, string> = {
  quote: "Quote",
  name: "Name",
  city: "City",
  language: "Language",
};

/**
 * A dialog's form: its fetcher, field errors, and closing once the change is made, with what it
 * did said in the section's status line (`onDone`). A refused form stays open with what was typed
 * in it, its errors listed at its top and the focus on the first refused field.
 */
function useReviewForm(
  prefix: string,
  dialog: RefObject<HTMLDialogElement | null>,
  done: { said: string; onDone(said: string): void },
) {
  const fetcher = useFetcher<ReviewsActionResult>();
  const [missing, setMissing] = useState<string[]>([]);
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const helpers = fieldHelpers(prefix, failed?.fieldErrors ?? {}, missing);
  const { started } = useSaveFeedback(fetcher, dialog, {
    onSaved() {
      done.onDone(done.said);
      dialog.current?.close();
    },
  });
  const onSubmit = (required: string[]) => (event: FormEvent<HTMLFormElement>) => {
    if (checkRequired(event, required, prefix, setMissing)) started();
  };
  return { fetcher, failed, onSubmit, ...helpers };
}

/** 'Add Review', or 'Edit' of one. */
export function ReviewDialog({
  review,
  onClose,
  onDone,
}: {
  review?: ReviewRow;
  onClose(): void;
  onDone(said: string): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const said = review ? `Saved the review by ${review.name}.` : "Added the review.";
  const { fetcher, failed, onSubmit, attrs, error } = useReviewForm("review", dialog, {
    said,
    onDone,
  });
  return (
    <StaffDialog
      dialog={dialog}
      titleId="review-dialog-title"
      title={review ? `Edit the Review by ${review.name}` : "Add Review"}
      onClose={onClose}
    >
      {failed && !failed.fieldErrors ? (
        <p className="field__error" role="alert">
          {failed.message}
        </p>
      ) : null}
      <ErrorSummary
        id="review-errors"
        errors={failed?.fieldErrors ?? {}}
        idOf={(name) => `review-${name}`}
        labelOf={(name) => REVIEW_LABELS[name]}
      />
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
        <div className="field">
          <label htmlFor="review-language">Language</label>
          {/* The language the guest wrote in: a page of the other language marks it (issue 39). */}
          <select {...attrs("language")} defaultValue={review?.language ?? "en"}>
            <option value="en">English</option>
            <option value="es" lang="es">
              Español
            </option>
          </select>
          {error("language")}
        </div>
        <button type="submit" name="intent" value={review ? "edit" : "add"} className="button">
          Save Review
        </button>
      </fetcher.Form>
    </StaffDialog>
  );
}

/** 'Delete this review?': 'Yes, Delete' removes it for good, 'Keep' changes nothing. */
export function DeleteReviewDialog({
  review,
  onClose,
  onDone,
}: {
  review: ReviewRow;
  onClose(): void;
  onDone(said: string): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { fetcher, failed, onSubmit } = useReviewForm("delete-review", dialog, {
    said: `Deleted the review by ${review.name}.`,
    onDone,
  });
  return (
    <StaffDialog
      dialog={dialog}
      titleId="delete-review-title"
      title="Delete this review?"
      size="small"
      onClose={onClose}
    >
      <p className="modal__service">
        The review by {review.name} is removed from the site for good. To take it off the site for a
        while, use 'Hide'.
      </p>
      {failed ? (
        <p className="field__error" role="alert">
          {failed.message}
        </p>
      ) : null}
      <fetcher.Form method="post" onSubmit={onSubmit([])} className="button-row modal__actions">
        <input type="hidden" name="id" value={review.id} />
        <button type="submit" name="intent" value="delete" className="button button--danger">
          Yes, Delete
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
