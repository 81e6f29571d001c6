import { data } from "react-router";
import { type PageTextsActionResult, PageTextsForm } from "~/components/site/page-texts-form";
import { privatePageMeta } from "~/lib/meta";
import { PAGE_TEXT_FIELDS, PAGE_TEXT_PHOTOS } from "~/lib/page-text-fields";
import type { RouteHandle } from "~/lib/route-handle";
import { staffContext } from "~/lib/staff-only.server";
import { UPLOAD_REFUSAL_STATUS } from "~/lib/upload-status.server";
import { uploadMaxBytes } from "~/services/platform/env.server";
import { parseForm, readForm, textFields } from "~/services/platform/form.server";
import { log } from "~/services/platform/logger.server";
import {
  readPageTextPhotos,
  readPageTextStamps,
  readPageTextValues,
} from "~/services/site/page-texts.server";
import { preparePageTextPhotos, savePageTexts } from "~/services/site/page-texts-save.server";
import {
  hitUploadLimit,
  readUploadForm,
  tooLargeMessage,
  UPLOAD_LIMITED_MESSAGE,
  type UploadedFile,
} from "~/services/site/photo-upload.server";
import { recordStaffAction } from "~/services/staff/staff-activity.server";
import type { Route } from "./+types/site-texts";

// 'Page Texts' (docs/product.md#page-texts): owner only, by its handle's `access`
// (checked on the server before the loader and the action). A save runs with its activity record in one transaction; the public pages show
// it at the next request (the site version, drizzle/0023).

export const handle = {
  access: "owner",
  title: "Page Texts",
  hydrate: true,
  styles: ["site-content"],
} satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const [values, photos, loaded] = await Promise.all([
    readPageTextValues(context.db),
    readPageTextPhotos(context.db),
    readPageTextStamps(context.db),
  ]);
  // The photos' limit, checked in the browser before a photo is sent (the server checks it too).
  return {
    values,
    photos,
    loaded,
    upload: { maxBytes: uploadMaxBytes(), tooLarge: tooLargeMessage() },
  };
}

const TextsForm = textFields(
  "loaded",
  ...PAGE_TEXT_FIELDS.map((field) => field.name),
  ...PAGE_TEXT_PHOTOS.map((photo) => photo.removeName),
);

const answer = (result: PageTextsActionResult, status = 200) => data(result, status);

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  // The form is multipart (it takes photos); a form without a photo field may come URL-encoded.
  let form: FormData | null;
  let files: UploadedFile[] = [];
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    if (!(await hitUploadLimit(context.db, context.clientAddress))) {
      return answer({ ok: false, message: UPLOAD_LIMITED_MESSAGE }, 429);
    }
    const upload = await readUploadForm(request);
    if (!upload.ok)
      return answer({ ok: false, message: upload.message }, UPLOAD_REFUSAL_STATUS[upload.kind]);
    form = upload.form;
    files = upload.files;
  } else {
    form = await readForm(request);
  }
  const read = form && parseForm(form, TextsForm);
  if (!read?.ok) return answer({ ok: false, message: "The form could not be read." }, 400);
  // Photos are checked and converted before the transaction: seconds of work, no rows held.
  const uploads = await preparePageTextPhotos(files);
  const result = await context.db.transaction(async (tx) => {
    const result = await savePageTexts(tx, read.data, uploads);
    if (result.ok && result.changed.length > 0) {
      await recordStaffAction(tx, user, `Changed the page texts: ${result.changed.join(", ")}`);
    }
    return result;
  });
  if (result.ok) return answer({ ok: true });
  log.warn({ fields: Object.keys(result.fieldErrors) }, "Page Texts: refused");
  return answer(
    { ok: false, message: "Please check the marked fields.", fieldErrors: result.fieldErrors },
    400,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Page Texts");

export default function SitePageTexts({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <header className="page-header">
        <p className="eyebrow">Site</p>
        <h1>Page Texts</h1>
        <p className="lead">
          The words of the home page, its welcome card, the Services, About and Contact pages. A
          blank line starts a new paragraph; [words](/services) links to a page of the site. Until a
          photo is uploaded, its page shows the drawn illustration.
        </p>
      </header>
      <PageTextsForm {...loaderData} />
    </>
  );
}
