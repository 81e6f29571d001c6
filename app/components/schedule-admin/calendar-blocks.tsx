import type { CSSProperties } from "react";
import { LanguageTag } from "~/components/language-tag";
import type { CalendarBlock, CalendarColumn } from "~/services/appointments/staff-calendar.server";
import { PaymentOrPending, VISIT_LABELS } from "./appointments-table";
import { type CalendarDrag, type CalendarPlace, landing } from "./calendar-drag";
import type { AdminAppointmentView, ScheduleAdminData } from "./schedule-admin-types";

/** Wall minutes as CSS: the grid's own unit is 5 minutes (--at: where, --len: how long). */
export const place = (start: number, end: number, first: number): CSSProperties =>
  ({ "--at": (start - first) / 5, "--len": Math.max(end - start, 5) / 5 }) as CSSProperties;

/** The id of the blocks' shared description: how to move one with the keyboard, or a mouse. */
export const MOVE_HELP_ID = "calendar-move-help";

/** Where a column's blocks are dropped, as the drag reads it (its technician, date, name). */
export function dropZone(column: CalendarColumn, kind: "day" | "week") {
  return {
    "data-drop-key": column.key,
    "data-drop-technician": column.technician,
    "data-drop-date": column.dateIso,
    "data-drop-where": kind === "day" ? `with ${column.technician}` : `on ${column.heading}`,
  };
}

interface ColumnBlocksProps {
  calendar: ScheduleAdminData["calendar"];
  column: CalendarColumn;
  byId: Map<string, AdminAppointmentView>;
  first: number;
  now: number;
  onOpen(appointment: AdminAppointmentView): void;
  drag: CalendarDrag;
}

/** The column's appointments, as a list of buttons placed at their times. */
export function ColumnBlocks(props: ColumnBlocksProps) {
  const { column, byId, calendar } = props;
  const blocks = column.blocks.flatMap((block) => {
    const appointment = byId.get(block.id);
    return appointment ? [{ block, appointment }] : [];
  });
  const whose = calendar.kind === "day" ? `with ${column.technician}` : `on ${column.heading}`;
  if (blocks.length === 0) return null;
  return (
    <ul className="calendar__blocks" aria-label={`Appointments ${whose}`}>
      {blocks.map(({ block, appointment }) => (
        <BlockItem key={block.id} {...props} block={block} appointment={appointment} />
      ))}
    </ul>
  );
}

/**
 * One appointment: a button opening it (details, 'Move', the visit marks), its visit mark in words
 * and colour, and, while it has not begun, a handle to drag it to another time or column.
 */
function BlockItem(
  props: ColumnBlocksProps & { block: CalendarBlock; appointment: AdminAppointmentView },
) {
  const { block, appointment, column, calendar, drag, first, now } = props;
  const startMs = Date.parse(appointment.startsAt);
  const state = startMs > now ? "upcoming" : now < Date.parse(appointment.endsAt) ? "now" : "past";
  // What 'Move' moves: an upcoming appointment whose service is still on the menu.
  const movable = state === "upcoming" && appointment.typeId !== null;
  const from: CalendarPlace = {
    key: column.key,
    technician: column.technician,
    dateIso: column.dateIso,
    where: dropZone(column, calendar.kind)["data-drop-where"],
    start: block.start,
  };
  const away =
    drag.lifted?.appointment.id === appointment.id ||
    drag.pending?.appointment.id === appointment.id;
  const mark = appointment.visitStatus;
  const classes = [
    "calendar-block",
    `calendar-block--${state}`,
    mark ? `calendar-block--${mark.replace("_", "-")}` : "",
    movable ? "calendar-block--movable" : "",
    away ? "calendar-block--lifted" : "",
  ];
  return (
    <li className="calendar__item" style={place(block.start, block.end, first)}>
      <button
        type="button"
        className={classes.filter(Boolean).join(" ")}
        aria-haspopup="dialog"
        aria-describedby={movable ? MOVE_HELP_ID : undefined}
        data-appointment={appointment.id}
        onClick={(event) => {
          if (!drag.clickAfterDrag(event)) props.onOpen(appointment);
        }}
        {...(movable ? drag.handlers(appointment, from, block.end - block.start) : {})}
      >
        {/* The mark beside the name, so a short block still shows it (the name gives way). */}
        <span className="calendar-block__head">
          <span className="calendar-block__name">{appointment.name}</span>
          <LanguageTag language={appointment.language} />
          {mark ? <span className="calendar-block__mark">{` ${VISIT_LABELS[mark]}`}</span> : null}
        </span>{" "}
        <span className="calendar-block__service">{appointment.typeName}</span>{" "}
        {appointment.pending || appointment.payment ? (
          <>
            <PaymentOrPending appointment={appointment} />{" "}
          </>
        ) : null}
        <span className="calendar-block__phone">{appointment.phoneLabel}</span>{" "}
        <span className="calendar-block__time">
          {appointment.startLabel} to {appointment.endLabel}
        </span>
        <span className="visually-hidden">
          {state === "upcoming" ? ", upcoming" : state === "now" ? ", in progress" : ", past"}
        </span>
      </button>
    </li>
  );
}

/**
 * Where the dragged appointment would land in this column (while dragging), or where it waits for
 * the salon's answer (after the drop). Shown, not announced: the drop's answer is read out.
 */
export function DropGhost({
  drag,
  column,
  first,
}: {
  drag: CalendarDrag;
  column: CalendarColumn;
  first: number;
}) {
  const shown = drag.lifted ?? drag.pending;
  const target = shown?.target;
  if (!shown || !target || target.key !== column.key) return null;
  const waiting = !drag.lifted;
  return (
    <div
      className={`calendar__item calendar-ghost${waiting ? " calendar-ghost--waiting" : ""}`}
      style={place(target.start, target.start + shown.length, first)}
    >
      <span className="calendar-ghost__time">
        {waiting ? "Moving to " : "Move to "}
        {landing(target)}
      </span>
      <span className="calendar-ghost__name">{shown.appointment.name}</span>
    </div>
  );
}
