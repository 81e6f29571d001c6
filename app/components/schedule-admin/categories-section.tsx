import { Fragment, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import type { ServiceCategoryView } from "~/services/salon/menu.server";
import { Field } from "../field";
import { ActionError } from "./action-error";
import type { ScheduleAdminActionResult } from "./schedule-admin-types";
import { useActionFeedback } from "./use-action-feedback";

interface CategoriesSectionProps {
  categories: ServiceCategoryView[];
}

/**
 * 'Categories': how each category of the menu reads on /services and the home page
 * (docs/product.md#one-menu). Its price list is its appointment types, edited on the schedule. The labels
 * avoid the words "Category" and "Description", which name the type form's fields.
 */
export function CategoriesSection({ categories }: CategoriesSectionProps) {
  // ?category=<id> chooses it ('Missing in Spanish' on the Site page links so).
  const [params] = useSearchParams();
  const [chosenId, setChosenId] = useState(params.get("category") ?? categories[0]?.id ?? "");
  const chosen = categories.find((category) => category.id === chosenId) ?? categories[0];
  return (
    <section aria-labelledby="categories-title" className="staff-section">
      <div className="section-head">
        <h2 id="categories-title">Categories</h2>
      </div>
      <p className="staff-section__intro">
        How each category reads on the menu and the home page. Its services and prices are the
        appointment types of the schedule, grouped by their category.
      </p>
      {chosen ? (
        <>
          <div className="category-choice">
            <Field id="category-choice" label="Menu section">
              <select
                id="category-choice"
                value={chosen.id}
                onChange={(event) => setChosenId(event.currentTarget.value)}
              >
                {categories.map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <CategoryForm key={chosen.id} category={chosen} />
        </>
      ) : (
        <p>No categories yet.</p>
      )}
    </section>
  );
}

function CategoryForm({ category }: { category: ServiceCategoryView }) {
  const fetcher = useFetcher<ScheduleAdminActionResult>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const started = useActionFeedback(fetcher, {
    onSuccess: () => setErrors({}),
    onFailure: (result) => setErrors(result?.fieldErrors ?? {}),
  });
  const described = (name: string) => (errors[name] ? `category-${name}-error` : undefined);
  return (
    <fetcher.Form method="post" className="category-form" onSubmit={started}>
      <input type="hidden" name="intent" value="update-category" />
      <input type="hidden" name="id" value={category.id} />
      {/* Fresh fields per saved version, so they show what is stored; the form itself stays with
          the request it sent, or its answer would reach no one (type-form.tsx). */}
      <Fragment key={JSON.stringify(category)}>
        <Field
          id="category-summary"
          label="Summary"
          invalid={!!errors.summary}
          error={errors.summary}
        >
          <textarea
            id="category-summary"
            name="summary"
            rows={3}
            maxLength={300}
            required
            defaultValue={category.summary}
            aria-invalid={errors.summary ? true : undefined}
            aria-describedby={described("summary")}
          />
        </Field>
        <Field
          id="category-description"
          label="Menu text"
          invalid={!!errors.description}
          error={errors.description}
        >
          <textarea
            id="category-description"
            name="description"
            rows={5}
            maxLength={1000}
            required
            defaultValue={category.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={described("description")}
          />
        </Field>
        <SpanishFields category={category} errors={errors} />
        <label className="weekday-picker__day category-form__featured">
          <input name="featured" type="checkbox" defaultChecked={category.featured} />
          <span>Show on the home page</span>
        </label>
      </Fragment>
      <ActionError fetcher={fetcher} />
      <button type="submit" className="button">
        Save Category
      </button>
    </fetcher.Form>
  );
}

/** 'Name (Spanish)', 'Summary (Spanish)', 'Menu text (Spanish)': optional (issue 39). */
function SpanishFields({
  category,
  errors,
}: {
  category: ServiceCategoryView;
  errors: Record<string, string>;
}) {
  const fields = [
    { name: "nameEs", label: "Name (Spanish)", max: 60, rows: 0, value: category.nameEs },
    { name: "summaryEs", label: "Summary (Spanish)", max: 300, rows: 3, value: category.summaryEs },
    {
      name: "descriptionEs",
      label: "Menu text (Spanish)",
      max: 1000,
      rows: 5,
      value: category.descriptionEs,
    },
  ];
  return (
    <>
      {fields.map((field) => {
        const id = `category-${field.name}`;
        const props = {
          id,
          name: field.name,
          lang: "es",
          maxLength: field.max,
          defaultValue: field.value,
          "aria-invalid": errors[field.name] ? true : undefined,
          "aria-describedby": errors[field.name] ? `${id}-error` : undefined,
        };
        return (
          <Field
            key={field.name}
            id={id}
            label={field.label}
            invalid={!!errors[field.name]}
            error={errors[field.name]}
          >
            {field.rows === 0 ? (
              <input type="text" autoComplete="off" {...props} />
            ) : (
              <textarea rows={field.rows} {...props} />
            )}
          </Field>
        );
      })}
    </>
  );
}
