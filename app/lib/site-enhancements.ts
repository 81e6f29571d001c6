import { insertIntoBody } from "~/domain/salon/post-body-photo";

/**
 * The behaviour a post's page under 'Blog Posts' adds with JavaScript (a plain-HTML page: no React
 * in the browser), the way app/lib/page-enhancements.ts does for the chrome: the source of these
 * functions, inlined by the page (SITE_SCRIPT) with the response's CSP nonce. Without it every
 * step still works as a form the server answers (docs/product.md#blog-posts).
 *
 * - a button with `data-opens-dialog` and `aria-controls` opens that <dialog> as a modal instead
 *   of asking the server (Delete: 'Delete this post?'; 'Insert Photo'); a `data-closes-dialog`
 *   button in it closes it ('Keep', 'Cancel'), as Escape does;
 * - 'Insert' (`data-inserts-photo`) writes the chosen gallery photo's Markdown (its
 *   `data-markdown`) into the body where the cursor was; a new upload is sent with the cursor;
 * - a form with `data-max-bytes` sends no photos over that many bytes in all: the file input that
 *   goes over says `data-too-large` beside it, and takes the focus;
 * - a body with `data-cursor` (after a photo inserted) puts its cursor there.
 *
 * None of these functions may use anything from outside them but the ones listed in
 * SCRIPT_FUNCTIONS (insertIntoBody is pure: app/domain/salon/post-body-photo.ts).
 */
function enhanceSitePage(): void {
  document.addEventListener("click", onSiteClick);
  document.addEventListener("submit", onSiteSubmit, true);
  const body = document.querySelector<HTMLTextAreaElement>("textarea[data-cursor]");
  const at = Number(body?.dataset.cursor);
  if (body && Number.isInteger(at)) {
    body.focus();
    body.setSelectionRange(at, at);
  }
}

function postBody(): HTMLTextAreaElement | null {
  return document.querySelector<HTMLTextAreaElement>("#post-body");
}

function onSiteClick(event: MouseEvent): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const opener = target.closest("[data-opens-dialog][aria-controls]");
  const dialog = document.getElementById(opener?.getAttribute("aria-controls") ?? "");
  if (opener && dialog instanceof HTMLDialogElement) {
    event.preventDefault();
    // Where the body's cursor was: 'Insert' writes there.
    dialog.dataset.cursor = String(postBody()?.selectionStart ?? "");
    if (dialog.open) dialog.close();
    dialog.showModal();
    return;
  }
  const closer = target.closest("[data-closes-dialog]");
  if (closer) {
    event.preventDefault();
    closer.closest("dialog")?.close();
    return;
  }
  const insert = target.closest("[data-inserts-photo]");
  if (insert) insertChosenPhoto(event, insert.closest("dialog"));
}

function insertChosenPhoto(event: MouseEvent, dialog: HTMLDialogElement | null): void {
  if (!dialog) return;
  const cursor = Number.parseInt(dialog.dataset.cursor ?? "", 10);
  const file = dialog.querySelector<HTMLInputElement>("input[type=file]");
  const hidden = dialog.querySelector<HTMLInputElement>("input[name=cursor]");
  if (hidden) hidden.value = Number.isNaN(cursor) ? "" : String(cursor);
  // A new upload goes to the server with the cursor (a document post).
  if (file?.files?.length) return;
  const chosen = dialog.querySelector<HTMLInputElement>("input[data-markdown]:checked");
  const body = postBody();
  if (!chosen || !body) return;
  event.preventDefault();
  const result = insertIntoBody(body.value, cursor, chosen.dataset.markdown ?? "");
  body.value = result.body;
  chosen.checked = false;
  dialog.close();
  body.focus();
  body.setSelectionRange(result.cursor, result.cursor);
}

function onSiteSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.maxBytes) return;
  const max = Number(form.dataset.maxBytes);
  let total = 0;
  for (const input of form.querySelectorAll<HTMLInputElement>("input[type=file]")) {
    for (const file of input.files ?? []) total += file.size;
    const errorId = `${input.id}-too-large`;
    document.getElementById(errorId)?.remove();
    if (total <= max) continue;
    event.preventDefault();
    const error = document.createElement("p");
    error.id = errorId;
    error.className = "field__error";
    error.setAttribute("role", "alert");
    error.textContent = form.dataset.tooLarge ?? "";
    input.insertAdjacentElement("afterend", error);
    input.setAttribute("aria-invalid", "true");
    const described = (input.getAttribute("aria-describedby") ?? "").split(" ");
    if (!described.includes(errorId)) described.push(errorId);
    input.setAttribute("aria-describedby", described.filter(Boolean).join(" "));
    input.focus();
    return;
  }
}

const SCRIPT_FUNCTIONS = [postBody, onSiteClick, insertChosenPhoto, onSiteSubmit, insertIntoBody];

/** The script a post's page inlines (empty in the browser bundle: the page has none). */
export const SITE_SCRIPT = import.meta.env.SSR
  ? `(function () {\n${SCRIPT_FUNCTIONS.join("\n")}\n(${enhanceSitePage})();\n})()`
  : "";
