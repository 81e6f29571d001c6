import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { business } from "~/content/business";
import { isIsoDate, weekdayOf } from "~/domain/booking/time-zone";
import { type VisitRequestItem, visitParams } from "~/domain/booking/visit-request";
import type { SlotView } from "~/services/booking/slot-listing.server";
import { Field } from "../field";
import { OverlayProvider, useOverlay } from "../overlays";
import type { BookingPageData } from "./booking-types";
import { ConfirmDialog } from "./confirm-dialog";
import { ConfirmedModal } from "./confirmed-modal";
import { DateChoice } from "./date-choice";
import { PlainSearch } from "./plain-search";
import { offeredOnWeekday, ServiceBox } from "./service-box";
import { TimesSection } from "./times-section";
import { useHold } from "./use-hold";
import { useLiveTimes } from "./use-live-times";
import { type ExtraLine, VisitChoices } from "./visit-fields";

const ANY = "any";
/**
 * /schedule's island (app/islands/booking-island.tsx): React runs this part of the page on its own,
 * with the global overlays of the spec's "Shared behaviour".
 */
export function BookingIsland(data: BookingPageData) {
  return (
    <OverlayProvider>
      <BookingPage {...data} />
    </OverlayProvider>
  );
}

/**
 * Spec "Schedule": date, category, service, worker, then the free times. Searching loads the
 * page for the search in the address (with or without JavaScript); the confirm dialog books
 * without leaving it.
 */
function BookingPage(data: BookingPageData) {
  const { types, query } = data;
  const [date, setDate] = useState(query.date);
  const [category, setCategory] = useState(query.category);
  const [service, setService] = useState(query.service);
  const [worker, setWorker] = useState(query.worker || ANY);
  // A visit (docs/product.md#visits): the first service's add-ons, and the other services.
  const [addOnIds, setAddOnIds] = useState(data.items[0]?.addOnIds ?? []);
  const [extra, setExtra] = useState<ExtraLine[]>(() =>
    data.items.slice(1).map((item) => ({
      service: item.typeId,
      worker: item.worker,
      addOnIds: item.addOnIds,
    })),
  );
  const [missing, setMissing] = useState<string[]>([]);
  // A refused booking's answer brings the day's fresh times (docs/product.md#no-double-booking).
  const [slots, setSlots] = useState(data.slots);
  // The chosen time is kept whole: the list may refresh (and lose it) while a confirm is sent.
  const [chosen, setChosen] = useState<SlotView | null>(
    () => data.slots?.find((s) => s.startsAt === query.slot) ?? null,
  );
  // The time the address names (a time chosen without JavaScript): its dialog is in the HTML,
  // open, with the answer of a refused post.
  const fromAddress = chosen?.startsAt === query.slot ? { answer: data.answer } : undefined;
  const answer = data.answer;
  const dateInput = useRef<HTMLInputElement>(null);
  const searchForm = useRef<HTMLFormElement>(null);
  // The month grid needs JavaScript: it is drawn once the island runs.
  const [interactive, setInteractive] = useState(false);

  // A date typed before the page became interactive is in the field but not in React's state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration.
  useEffect(() => {
    setInteractive(true);
    const typed = dateInput.current?.value ?? "";
    if (typed !== date) chooseDate(typed);
  }, []);
  const [confirmed, setConfirmed] = useState<{ dateString: string; email: string } | null>(null);
  const overlay = useOverlay();

  // Spec step 6: success overlay 3 s, then 'Appointment Confirmed' 4 s, then the page reloads.
  const onBooked = useCallback(
    (confirmation: { dateString: string; email: string }) => {
      setChosen(null);
      void overlay.flashSuccess().then(() => {
        setConfirmed(confirmation);
        setTimeout(() => window.location.reload(), 4000);
      });
    },
    [overlay],
  );
  // Spec step 7 and docs/product.md#no-double-booking: the loser of a race sees the failure overlay, and the list
  // shows the times still free, which came with the refusal.
  const onTaken = useCallback(
    (fresh: SlotView[] | undefined) => {
      setChosen(null);
      if (fresh) setSlots(fresh);
      void overlay.flashFailure();
    },
    [overlay],
  );
  const { held, choose, closeDialog, holdAnswered } = useHold(query.date, data.items, setChosen);

  const offered = useMemo(() => {
    if (!isIsoDate(date)) return [];
    const weekday = weekdayOf(date);
    return types.filter((type) => type.daysOfWeek.includes(weekday));
  }, [date, types]);
  const categories = [...new Set(offered.map((type) => type.category))];
  const services = offered.filter((type) => type.category === category);
  const selected = types.find((type) => type.id === service);

  // The visit as chosen now, in the form the address carries it.
  const items: VisitRequestItem[] = service
    ? [
        { typeId: service, worker, addOnIds },
        ...extra
          .filter((line) => line.service)
          .map((line) => ({ typeId: line.service, worker: line.worker, addOnIds: line.addOnIds })),
      ]
    : [];
  // The listed times belong to the search in the address; a changed choice hides them.
  const showingResults =
    query.date === date &&
    JSON.stringify(visitParams(items)) === JSON.stringify(visitParams(data.items));

  // A time someone else takes, or a change staff make, shows in the open list without a reload
  // (docs/decisions/015-live-pages.md).
  useLiveTimes(showingResults && slots !== null, query.date, data.items, setSlots);

  // A day picked in the month grid keeps the chosen services when they are all offered that
  // weekday (the grid marked it for them) and lists its times at once; otherwise it is a new
  // date, as typed.
  function pickDay(value: string) {
    if (!service || !offeredOnWeekday(types, items, weekdayOf(value))) {
      chooseDate(value);
      return;
    }
    flushSync(() => {
      setDate(value);
      setChosen(null);
    });
    searchForm.current?.requestSubmit();
  }

  function chooseDate(value: string) {
    // Spec section 4: a new date clears the category, service, worker and times.
    setDate(value);
    setCategory("");
    setService("");
    setWorker(ANY);
    setAddOnIds([]);
    setExtra([]);
    setChosen(null);
  }

  return (
    <div className="page booking">
      <header className="page-header">
        <p className="eyebrow">Book</p>
        <h1>Schedule an Appointment</h1>
        <p className="lead">
          Pick a day, a service and a time. Prefer to talk? Call{" "}
          <a href={`tel:${business.phoneE164}`}>{business.phone}</a>.
        </p>
      </header>

      <div className="booking__layout">
        <PlainSearch data={data} />
        {/* The times are below the form on a phone: the new page opens at them. */}
        <form
          ref={searchForm}
          method="get"
          action="/schedule#times-title"
          id="find-times"
          className="form booking__form"
          onSubmit={(event) => {
            const empty = [
              ...(isIsoDate(date) ? [] : ["date"]),
              ...(category ? [] : ["category"]),
              ...(service ? [] : ["service"]),
            ];
            setMissing(empty);
            if (empty.length > 0) event.preventDefault();
          }}
        >
          <h2 className="visually-hidden">Find a time</h2>
          <DateChoice
            inputRef={dateInput}
            date={date}
            today={data.today}
            lastDay={data.lastDay}
            invalid={missing.includes("date")}
            items={items}
            interactive={interactive}
            onChange={chooseDate}
            onPick={pickDay}
          />
          <Field id="booking-category" label="Category" invalid={missing.includes("category")}>
            <select
              id="booking-category"
              name="category"
              required
              value={category}
              aria-invalid={missing.includes("category") || undefined}
              onChange={(event) => {
                setCategory(event.currentTarget.value);
                setService("");
                setWorker(ANY);
                setAddOnIds([]);
              }}
            >
              <option value="">
                {isIsoDate(date) ? "Choose a category" : "Choose a date first"}
              </option>
              {categories.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="booking-service" label="Service" invalid={missing.includes("service")}>
            <select
              id="booking-service"
              name="service"
              required
              value={service}
              aria-invalid={missing.includes("service") || undefined}
              onChange={(event) => {
                setService(event.currentTarget.value);
                setWorker(ANY);
                setAddOnIds([]);
              }}
            >
              <option value="">{category ? "Choose a service" : "Choose a category first"}</option>
              {services.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.type}
                </option>
              ))}
            </select>
          </Field>
          {selected ? <ServiceBox service={selected} /> : null}
          <Field id="booking-worker" label="Worker">
            <select
              id="booking-worker"
              name="worker"
              value={worker}
              onChange={(event) => setWorker(event.currentTarget.value)}
            >
              <option value={ANY}>Any available</option>
              {(selected?.workers ?? []).map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </Field>
          <VisitChoices
            service={selected}
            offered={offered}
            addOnIds={addOnIds}
            onAddOns={setAddOnIds}
            extra={extra}
            onExtra={setExtra}
          />
          <button type="submit" className="button">
            Get Available Times
          </button>
        </form>

        <TimesSection
          dateLabel={data.dateLabel}
          slots={showingResults ? slots : null}
          slotsError={showingResults ? data.slotsError : null}
          taken={!!answer && !answer.ok && !answer.fieldErrors && !answer.callUs && !chosen}
          onChoose={choose}
          waitlist={{ date: query.date, items: data.items, fromAddress: data.waitlist }}
        />
      </div>

      {chosen && selected ? (
        <ConfirmDialog
          key={chosen.startsAt}
          date={date}
          dateLabel={data.dateLabel}
          service={selected}
          worker={worker}
          items={data.items}
          slot={chosen}
          fromAddress={fromAddress}
          onClose={closeDialog}
          holdAnswered={holdAnswered}
          held={held ? data.holdLabel : undefined}
          onBooked={onBooked}
          onTaken={onTaken}
        />
      ) : null}
      {confirmed ? <ConfirmedModal {...confirmed} /> : null}
      {data.confirmed && !confirmed ? (
        <ConfirmedModal dateString={data.confirmed} fromAddress />
      ) : null}
    </div>
  );
}
