import { type FormEvent, useEffect, useRef, useState } from "react";
import { isIsoDate } from "~/domain/booking/time-zone";
import { localizedPath } from "~/domain/i18n/locale-path";
import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";
import { DateChoice } from "./date-choice";
import { CategorySelect, ServiceSelect, TechnicianSelect } from "./search-selects";
import { ServiceBox } from "./service-box";
import type { VisitChoicesState } from "./use-visit-choices";
import { VisitChoices } from "./visit-fields";
import { techniciansFor, VisitTotal } from "./visit-total";

interface FindTimesFormProps {
  choices: VisitChoicesState;
  today: string;
  lastDay: string;
}

/**
 * The search (spec "Schedule" steps 1 to 4): a plain GET form to /schedule, so it works without
 * JavaScript; the page loaded for it opens at its times.
 */
export function FindTimesForm({ choices, today, lastDay }: FindTimesFormProps) {
  const { date, category, service, selected } = choices;
  const [missing, setMissing] = useState<string[]>([]);
  const searchForm = useRef<HTMLFormElement>(null);
  const { dateInput, interactive } = useHydratedDate(date, choices.chooseDate);
  const locale = useLocale();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const empty = [
      ...(isIsoDate(date) ? [] : ["date"]),
      ...(category ? [] : ["category"]),
      ...(service ? [] : ["service"]),
    ];
    setMissing(empty);
    if (empty.length > 0) event.preventDefault();
  }

  return (
    // The times are below the form on a phone: the new page opens at them.
    <form
      ref={searchForm}
      method="get"
      action={localizedPath("/schedule#times-title", locale)}
      id="find-times"
      className="form booking__form"
      onSubmit={onSubmit}
    >
      <h2 className="visually-hidden">{m.booking_find_time({}, { locale })}</h2>
      <DateChoice
        inputRef={dateInput}
        date={date}
        today={today}
        lastDay={lastDay}
        invalid={missing.includes("date")}
        items={choices.items}
        interactive={interactive}
        onChange={choices.chooseDate}
        onPick={(value) => {
          if (choices.pickDay(value)) searchForm.current?.requestSubmit();
        }}
      />
      <CategorySelect
        value={category}
        categories={choices.categories}
        invalid={missing.includes("category")}
        onChange={choices.chooseCategory}
      />
      <ServiceSelect
        value={service}
        services={choices.services}
        categorized={!!category}
        invalid={missing.includes("service")}
        onChange={choices.chooseService}
      />
      {selected ? <ServiceBox service={selected} /> : null}
      <TechnicianSelect
        value={choices.technician}
        technicians={techniciansFor(selected, choices.addOnIds, choices.offered)}
        onChange={choices.setTechnician}
      />
      <VisitChoices
        service={selected}
        offered={choices.offered}
        addOnIds={choices.addOnIds}
        onAddOns={choices.setAddOnIds}
        extra={choices.extra}
        onExtra={choices.setExtra}
      />
      <VisitTotal types={choices.offered} items={choices.items} />
      <button type="submit" className="button">
        {m.booking_get_times({}, { locale })}
      </button>
    </form>
  );
}

/**
 * The date field's ref, and whether the island runs: the month is the date picker's grid only
 * then.
 */
function useHydratedDate(date: string, chooseDate: (value: string) => void) {
  const dateInput = useRef<HTMLInputElement>(null);
  const [interactive, setInteractive] = useState(false);

  // A date typed before the page became interactive is in the field but not in React's state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration.
  useEffect(() => {
    setInteractive(true);
    const typed = dateInput.current?.value ?? "";
    if (typed !== date) chooseDate(typed);
  }, []);

  return { dateInput, interactive };
}
