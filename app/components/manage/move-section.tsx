import { useState } from "react";
import { Form } from "react-router";
import { isIsoDate, weekdayOf } from "~/domain/booking/time-zone";
import { Field } from "../field";
import type { ManagePageData } from "./manage-types";

type Movable = NonNullable<Extract<ManagePageData, { state: "found" }>["movable"]>;

/**
 * 'Move to another time': a new date (and technician, for one service) looked up with a GET form,
 * then the day's free times to choose from; both work without JavaScript.
 */
export function MoveSection({
  token,
  movable,
  busy,
}: {
  token: string;
  movable: Movable;
  busy: boolean;
}) {
  const { search } = movable;
  const [date, setDate] = useState(search.date);
  const [technician, setTechnician] = useState(search.technician);
  const offeredOnDate = !isIsoDate(date) || movable.days.includes(weekdayOf(date));
  const showing = search.date === date && search.technician === technician;
  return (
    <section className="manage__card" aria-labelledby="move-title">
      <h2 id="move-title">Move to another time</h2>
      <p className="manage__hint">
        {movable.technicians.length === 0
          ? "The same services with the same technicians, moved together"
          : "The same service"}
        , on another day or at another time. Offered on {movable.days.join(", ")}.
      </p>
      <Form method="get" className="form manage__search" preventScrollReset>
        <input type="hidden" name="token" value={token} />
        <Field id="manage-date" label="New date">
          <input
            id="manage-date"
            name="date"
            type="date"
            required
            min={movable.today}
            max={movable.lastDay}
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
          />
        </Field>
        {movable.technicians.length > 0 ? (
          <TechnicianSelect
            technicians={movable.technicians}
            value={technician}
            onChange={setTechnician}
          />
        ) : null}
        <button type="submit" className="button button--ghost" disabled={busy}>
          Find Times
        </button>
      </Form>
      {!offeredOnDate ? (
        <p>This service is not offered on that day of the week. Please choose another date.</p>
      ) : showing && movable.slotsError ? (
        <p role="alert">{movable.slotsError}</p>
      ) : showing && movable.slots ? (
        <MoveTimes token={token} movable={movable} slots={movable.slots} busy={busy} />
      ) : null}
    </section>
  );
}

function TechnicianSelect(props: {
  technicians: readonly string[];
  value: string;
  onChange(technician: string): void;
}) {
  return (
    <Field id="manage-technician" label="Worker">
      <select
        id="manage-technician"
        name="technician"
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        <option value="any">Any available</option>
        {props.technicians.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The searched day's free times as radio buttons, and 'Move Appointment'; or that none is free. */
function MoveTimes({
  token,
  movable,
  slots,
  busy,
}: {
  token: string;
  movable: Movable;
  slots: NonNullable<Movable["slots"]>;
  busy: boolean;
}) {
  if (slots.length === 0) {
    return <p>No times are free on this day. Please try another day or worker.</p>;
  }
  return (
    <Form method="post" className="manage__move" preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="date" value={movable.search.date} />
      <input type="hidden" name="technician" value={movable.search.technician} />
      <fieldset>
        <legend>Available times on {movable.dateLabel}</legend>
        <div className="slots slots--choice">
          {slots.map((slot) => (
            <label key={slot.startsAt} className="slot slot--choice">
              <input type="radio" name="slot" value={slot.startsAt} required />
              <span>{slot.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="button" disabled={busy}>
        Move Appointment
      </button>
    </Form>
  );
}
