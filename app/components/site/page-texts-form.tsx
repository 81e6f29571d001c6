import { type FormEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { PAGE_TEXT_GROUPS, type PageTextField } from "~/lib/page-text-fields";
import type { PhotoView } from "~/lib/photo-view";
import { ErrorSummary, focusFirstRefused, SaveStatus, useSaveFeedback } from "./form-feedback";
import { fieldParts, PhotoField } from "./page-texts-fields";
import { ShowSpanish } from "./page-texts-show-spanish";

/** What the 'Page Texts' page's action answers. */
export type PageTextsActionResult =
  | { ok: true }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

type PageTextGroup = (typeof PAGE_TEXT_GROUPS)[number];

interface PageTextsFormProps {
  values: Record<string, string>;
  /** The fingerprints of the texts as opened (page-texts.server.ts: readPageTextStamps). */
  loaded: string;
  /** The uploaded photos by their file input's name; null: the illustration shows. */
  photos: Record<string, PhotoView | null>;
  /** The largest upload, and what a larger one is told (checked here before sending). */
  upload: { maxBytes: number; tooLarge: string };
}

/**
 * Every text and photo of 'Page Texts' in one form, by page, with 'Save Texts'. A save is
 * confirmed beside the button; a refused one keeps what was typed (the fields are the browser's
 * own), lists its errors at the top, marks each wrong field beside it and moves the focus to the
 * first (docs/product.md#the-site).
 */
export function PageTextsForm({ values, loaded, photos, upload }: PageTextsFormProps) {
  const fetcher = useFetcher<PageTextsActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const [tooLarge, setTooLarge] = useState<Record<string, string>>({});
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const errors = { ...(failed?.fieldErrors ?? {}), ...tooLarge };
  // Once saved, the chosen files and 'Remove' boxes are done with: the page shows the result.
  const { started, saved } = useSaveFeedback(fetcher, form, {
    saved: "Saved: the pages show these texts now.",
    onSaved() {
      if (!form.current) return;
      for (const input of form.current.querySelectorAll<HTMLInputElement>("input[data-clears]")) {
        if (input.type === "file") input.value = "";
        else input.checked = false;
      }
    },
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A photo over the limit is not sent at all (the server would refuse it with 413).
    const over = filesOverLimit(event.currentTarget, upload);
    setTooLarge(over);
    const first = Object.keys(over)[0];
    if (first) {
      event.preventDefault();
      // After React has marked the field: the summary and the field's own line say why.
      requestAnimationFrame(() => focusFirstRefused(form.current));
      return;
    }
    started();
  };
  return (
    <fetcher.Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      noValidate
      className="staff-section page-texts-form"
      onSubmit={onSubmit}
    >
      <input type="hidden" name="loaded" value={loaded} />
      {failed && Object.keys(errors).length === 0 ? (
        <p className="field__error" role="alert">
          {failed.message}
        </p>
      ) : null}
      <ErrorSummary errors={errors} idOf={(name) => `texts-${name}`} labelOf={pageTextLabel} />
      <ShowSpanish values={values} errors={errors} />
      {PAGE_TEXT_GROUPS.map((group) => (
        <PageTextsGroup
          key={group.title}
          group={group}
          values={values}
          photos={photos}
          errors={errors}
        />
      ))}
      <div className="save-row">
        <button type="submit" className="button">
          Save Texts
        </button>
        <SaveStatus message={saved} />
      </div>
    </fetcher.Form>
  );
}

/** "Home: Heading": a field's page and label, as the error summary names it. */
function pageTextLabel(name: string): string | undefined {
  for (const group of PAGE_TEXT_GROUPS) {
    const field = group.fields.find((candidate) => candidate.name === name);
    const label = field?.label ?? (group.photo?.name === name ? group.photo.label : undefined);
    if (label) return `${group.title}: ${label}`;
  }
  return undefined;
}

/**
 * The file inputs whose photos, counted together in the form's order, go over the largest upload:
 * each with what it is told. The server refuses such a body whole (413), losing what was typed.
 */
function filesOverLimit(
  form: HTMLFormElement,
  upload: PageTextsFormProps["upload"],
): Record<string, string> {
  const over: Record<string, string> = {};
  let total = 0;
  for (const input of form.querySelectorAll<HTMLInputElement>("input[type=file]")) {
    for (const file of input.files ?? []) {
      total += file.size;
      if (total > upload.maxBytes) over[input.name] = upload.tooLarge;
    }
  }
  return over;
}

/** One page's texts in a fieldset: its texts, then its photo, then what that photo shows. */
function PageTextsGroup({
  group,
  values,
  photos,
  errors,
}: {
  group: PageTextGroup;
  values: Record<string, string>;
  photos: Record<string, PhotoView | null>;
  errors: Record<string, string>;
}) {
  return (
    <fieldset className="page-texts-form__group">
      <legend>{group.title}</legend>
      {group.fields.map((field) =>
        field.kind === "alt" || field.lang === "es" ? null : (
          <TextField
            key={field.name}
            field={field}
            value={values[field.name] ?? ""}
            error={errors[field.name]}
          />
        ),
      )}
      {group.photo ? (
        <PhotoField
          photo={group.photo}
          current={photos[group.photo.name] ?? null}
          error={errors[group.photo.name]}
        />
      ) : null}
      {group.fields.map((field) =>
        field.kind === "alt" ? (
          <TextField
            key={field.name}
            field={field}
            value={values[field.name] ?? ""}
            error={errors[field.name]}
          />
        ) : null,
      )}
      <SpanishFields group={group} values={values} errors={errors} />
    </fieldset>
  );
}

/** The group's texts in Spanish (issue 39), shown while 'Show the Spanish texts' is checked. */
function SpanishFields({
  group,
  values,
  errors,
}: {
  group: PageTextGroup;
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const fields = group.fields.filter((field) => field.lang === "es");
  if (fields.length === 0) return null;
  return (
    <div className="page-texts-form__spanish">
      {fields.map((field) => (
        <TextField
          key={field.name}
          field={field}
          value={values[field.name] ?? ""}
          error={errors[field.name]}
        />
      ))}
    </div>
  );
}

function TextField({
  field,
  value,
  error,
}: {
  field: PageTextField;
  value: string;
  error: string | undefined;
}) {
  const { attrs, message } = fieldParts(field.name, error);
  if (field.kind === "flag") {
    return (
      <div className="field field--check">
        <label htmlFor={attrs.id}>
          <input {...attrs} type="checkbox" value="yes" defaultChecked={value === "yes"} />{" "}
          {field.label}
        </label>
        {message}
      </div>
    );
  }
  return (
    <div className="field">
      <label htmlFor={attrs.id}>{field.label}</label>
      {field.kind === "text" ? (
        <textarea
          {...attrs}
          maxLength={field.max}
          rows={field.max > 600 ? 5 : 3}
          defaultValue={value}
        />
      ) : (
        <input {...attrs} maxLength={field.max} autoComplete="off" defaultValue={value} />
      )}
      {message}
    </div>
  );
}
