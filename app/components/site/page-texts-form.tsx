import { useFetcher } from "react-router";
import { PAGE_TEXT_GROUPS, type PageTextField } from "~/lib/page-text-fields";
import { useDashboardAction } from "../dashboard/use-dashboard-action";

/** What the 'Page Texts' page's action answers. */
export type PageTextsActionResult =
  | { ok: true }
  | { ok: false; message: string; fieldErrors?: Record<string, string> };

/**
 * Every text of 'Page Texts' in one form, by page, with 'Save Texts'. A refused save keeps what
 * was typed (the fields are the browser's own) and marks each wrong field beside it.
 */
export function PageTextsForm({ values }: { values: Record<string, string> }) {
  const fetcher = useFetcher<PageTextsActionResult>();
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const errors = failed?.fieldErrors ?? {};
  const started = useDashboardAction(fetcher, () => {});
  return (
    <fetcher.Form
      method="post"
      noValidate
      className="staff-section page-texts-form"
      onSubmit={() => started()}
    >
      {failed ? (
        <p className="field__error" role="alert">
          {failed.message}
        </p>
      ) : null}
      {PAGE_TEXT_GROUPS.map((group) => (
        <fieldset key={group.title} className="page-texts-form__group">
          <legend>{group.title}</legend>
          {group.fields.map((field) => (
            <TextField
              key={field.name}
              field={field}
              value={values[field.name] ?? ""}
              error={errors[field.name]}
            />
          ))}
        </fieldset>
      ))}
      <button type="submit" className="button">
        Save Texts
      </button>
    </fetcher.Form>
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
  const id = `texts-${field.name}`;
  const attrs = {
    id,
    name: field.name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  };
  const message = error ? (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
  if (field.kind === "flag") {
    return (
      <div className="field field--check">
        <label htmlFor={id}>
          <input {...attrs} type="checkbox" value="yes" defaultChecked={value === "yes"} />{" "}
          {field.label}
        </label>
        {message}
      </div>
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{field.label}</label>
      {field.kind === "line" ? (
        <input {...attrs} maxLength={field.max} autoComplete="off" defaultValue={value} />
      ) : (
        <textarea
          {...attrs}
          maxLength={field.max}
          rows={field.max > 600 ? 10 : 4}
          defaultValue={value}
        />
      )}
      {message}
    </div>
  );
}
