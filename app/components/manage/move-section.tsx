import { useState } from "react";
import { Form } from "react-router";
import { isIsoDate, weekdayOf } from "~/domain/booking/time-zone";
import { useLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages.js";
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
  const locale = useLocale();
  const [date, setDate] = useState(search.date);
  const [technician, setTechnician] = useState(search.technician);
  const offeredOnDate = !isIsoDate(date) || movable.offered.includes(weekdayOf(date));
  const showing = search.date === date && search.technician === technician;
  return (
    <section className="manage__card" aria-labelledby="move-title">
      <h2 id="move-title">{m.manage_move_title({}, { locale })}</h2>
      <p className="manage__hint">
        {m.manage_move_hint(
          {
            what:
              movable.technicians.length === 0
                ? m.manage_move_visit({}, { locale })
                : m.manage_move_service({}, { locale }),
            days: movable.days.join(", "),
          },
          { locale },
        )}
      </p>
      <Form method="get" className="form manage__search" preventScrollReset>
        <input type="hidden" name="token" value={token} />
        <Field id="manage-date" label={m.manage_new_date({}, { locale })}>
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
          {m.manage_find_times({}, { locale })}
        </button>
      </Form>
      {!offeredOnDate ? (
        <p>{m.manage_not_offered({}, { locale })}</p>
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
  const locale = useLocale();
  return (
    <Field id="manage-technician" label={m.booking_technician({}, { locale })}>
      <select
        id="manage-technician"
        name="technician"
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        <option value="any">{m.booking_any({}, { locale })}</option>
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
  const locale = useLocale();
  if (slots.length === 0) {
    return <p>{m.manage_no_times({}, { locale })}</p>;
  }
  return (
    <Form method="post" className="manage__move" preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="date" value={movable.search.date} />
      <input type="hidden" name="technician" value={movable.search.technician} />
      <fieldset>
        <legend>{m.manage_times_on({ date: movable.dateLabel }, { locale })}</legend>
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
        {m.manage_move_button({}, { locale })}
      </button>
    </Form>
  );
}
