import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { business } from "~/content/business";
import { isIsoDate, weekdayOf } from "~/domain/booking/time-zone";
import { Field } from "../field";
import { useOverlay } from "../overlays";
import type { BookingPageData, BookingSlotView } from "./booking-types";
import { ConfirmDialog } from "./confirm-dialog";
import { ConfirmedModal } from "./confirmed-modal";

const ANY = "any";

/** Spec "Schedule": date, category, service, worker, then the free times. */
export function BookingPage(data: BookingPageData) {
  const { types, query } = data;
  const navigation = useNavigation();
  const [date, setDate] = useState(query.date);
  const [category, setCategory] = useState(query.category);
  const [service, setService] = useState(query.service);
  const [worker, setWorker] = useState(query.worker || ANY);
  const [missing, setMissing] = useState<string[]>([]);
  // The chosen time is kept whole: the list may refresh (and lose it) while a confirm is sent.
  const [chosen, setChosen] = useState<BookingSlotView | null>(
    () => data.slots?.find((s) => s.startsAt === query.slot) ?? null,
  );
  const dateInput = useRef<HTMLInputElement>(null);

  // A date typed before the page became interactive is in the field but not in React's state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration.
  useEffect(() => {
    const typed = dateInput.current?.value ?? "";
    if (typed !== date) chooseDate(typed);
  }, []);
  // After a search, bring the times into view (on a phone they are below the form).
  const searchedFor = useRef("");
  useEffect(() => {
    const key = `${query.date}|${query.service}|${query.worker}`;
    if (query.service && data.slots && searchedFor.current !== "" && searchedFor.current !== key) {
      document
        .getElementById("times-title")
        ?.scrollIntoView({ behavior: "smooth", block: "start" });
    }
    searchedFor.current = key;
  }, [query.date, query.service, query.worker, data.slots]);
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
  // Spec step 7 and DECISIONS.md 10: the loser of a race sees the failure overlay; the list of
  // times is fetched again after the attempt (React Router revalidates after an action).
  const onTaken = useCallback(() => {
    setChosen(null);
    void overlay.flashFailure();
  }, [overlay]);

  const offered = useMemo(() => {
    if (!isIsoDate(date)) return [];
    const weekday = weekdayOf(date);
    return types.filter((type) => type.daysOfWeek.includes(weekday));
  }, [date, types]);
  const categories = [...new Set(offered.map((type) => type.category))];
  const services = offered.filter((type) => type.category === category);
  const selected = types.find((type) => type.id === service);

  // The listed times belong to the search in the address; a changed choice hides them.
  const showingResults =
    query.date === date && query.service === service && (query.worker || ANY) === worker;
  const searching = navigation.state !== "idle" && navigation.location?.pathname === "/schedule";

  function chooseDate(value: string) {
    // Spec section 4: a new date clears the category, service, worker and times.
    setDate(value);
    setCategory("");
    setService("");
    setWorker(ANY);
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
        <Form
          method="get"
          id="find-times"
          className="form booking__form"
          preventScrollReset
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
          <Field id="booking-date" label="Date" invalid={missing.includes("date")}>
            <input
              ref={dateInput}
              id="booking-date"
              name="date"
              type="date"
              required
              min={data.today}
              max={data.lastDay}
              value={date}
              aria-invalid={missing.includes("date") || undefined}
              onChange={(event) => chooseDate(event.currentTarget.value)}
            />
          </Field>
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
          {selected ? (
            <div className="service-box" aria-live="polite">
              <p className="service-box__category">{selected.category}</p>
              <p className="service-box__type">{selected.type}</p>
              <p>{selected.description}</p>
              <p className="service-box__meta">
                {selected.durationMin} min &middot; {selected.price}
              </p>
            </div>
          ) : null}
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
          <button type="submit" className="button">
            Get Available Times
          </button>
        </Form>

        <section className="booking__times" aria-labelledby="times-title" aria-busy={searching}>
          <h2 id="times-title">Available times</h2>
          {showingResults && data.slots ? (
            data.slots.length > 0 ? (
              <>
                <p className="booking__day">{data.dateLabel}</p>
                <ul className="slots" aria-label="Available times">
                  {data.slots.map((s: BookingSlotView) => (
                    <li key={s.startsAt}>
                      <button
                        type="submit"
                        form="find-times"
                        name="slot"
                        value={s.startsAt}
                        className="slot"
                        onClick={(event) => {
                          event.preventDefault();
                          setChosen(s);
                        }}
                      >
                        {s.label}
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>
                No times are free on this day for this service. Please try another day or worker.
              </p>
            )
          ) : showingResults && data.slotsError ? (
            <p role="alert">{data.slotsError}</p>
          ) : (
            <p className="booking__hint">
              Choose a date and a service, then press Get Available Times.
            </p>
          )}
        </section>
      </div>

      {chosen && selected ? (
        <ConfirmDialog
          key={chosen.startsAt}
          date={date}
          dateLabel={data.dateLabel}
          service={selected}
          worker={worker}
          slot={chosen}
          onClose={() => setChosen(null)}
          onBooked={onBooked}
          onTaken={onTaken}
        />
      ) : null}
      {confirmed ? <ConfirmedModal {...confirmed} /> : null}
    </div>
  );
}
