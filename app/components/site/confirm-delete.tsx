import type { ReactNode, RefObject } from "react";

/**
 * The question a Site page asks before it deletes (docs/product.md#the-site): 'Delete this
 * post?' (photo, review) with 'Yes, Delete' and 'Keep', each given by the page as a button of its
 * own form. With JavaScript it is a modal <dialog> the page opens (the post's page by its inline
 * script, app/lib/site-enhancements.ts; the Gallery by React); without, the server answers the
 * page's 'Delete' with the page again and this dialog open in it (`open`), a step of its own.
 * 'Keep' changes nothing: it closes the dialog, or without JavaScript comes back to the page.
 */
export function ConfirmDelete({
  id,
  question,
  detail,
  open = false,
  dialog,
  onClose,
  children,
}: {
  id: string;
  question: string;
  detail: string;
  /** Shown from the start: the step the server answers without JavaScript. */
  open?: boolean;
  dialog?: RefObject<HTMLDialogElement | null>;
  /** Closed by 'Keep' or Escape. */
  onClose?(): void;
  /** 'Yes, Delete' and 'Keep'. */
  children: ReactNode;
}) {
  return (
    <dialog
      ref={dialog}
      id={id}
      className="modal modal--small confirm-delete"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-detail`}
      open={open || undefined}
      onClose={onClose}
    >
      <div className="modal__panel">
        <h2 id={`${id}-title`} className="confirm-delete__title">
          {question}
        </h2>
        <p id={`${id}-detail`} className="confirm-delete__detail">
          {detail}
        </p>
        <div className="button-row confirm-delete__actions">{children}</div>
      </div>
    </dialog>
  );
}
