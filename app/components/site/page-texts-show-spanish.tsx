import { PAGE_TEXT_GROUPS } from "~/lib/page-text-fields";

/**
 * 'Show the Spanish texts': the Spanish fields take as much room again, so they are shown when
 * asked for (a stylesheet rule, without JavaScript too), and from the start when one of them is
 * empty (the Site's 'Missing in Spanish' links here) or refused.
 */
export function ShowSpanish({
  values,
  errors,
}: {
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const spanish = PAGE_TEXT_GROUPS.flatMap((group) => group.fields).filter(
    (field) => field.lang === "es",
  );
  const refused = spanish.some((field) => errors[field.name]);
  const open = refused || spanish.some((field) => !values[field.name]?.trim());
  return (
    <div className="field field--check page-texts-form__show-spanish">
      <label htmlFor="texts-show-spanish">
        {/* A refusal shows them again, whatever was unchecked. */}
        <input
          key={refused ? "refused" : "as-opened"}
          id="texts-show-spanish"
          type="checkbox"
          defaultChecked={open}
        />{" "}
        Show the Spanish texts
      </label>
    </div>
  );
}
