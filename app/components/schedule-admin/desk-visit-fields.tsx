import type { ReactNode } from "react";
import { VisitChoices } from "../booking/visit-fields";
import { DayServiceTechnicianFields, TimeField, timesPrompt } from "./time-choice";
import type { DeskVisit } from "./use-desk-visit";

interface DeskVisitFieldsProps {
  choice: DeskVisit;
  today: string;
  /** The id, name and validity attributes of a field (its id is the dialog's prefix + name). */
  attrs(name: string): Record<string, unknown> & { id: string };
  error(name: string): ReactNode;
  /** The time to show first (a free quarter hour of the calendar), if it is free. */
  defaultSlot?: string | undefined;
}

/**
 * 'Appointment date', 'Service', 'Worker', the visit's add-ons and other services (online
 * booking's own fields: components/booking/visit-fields.tsx) and 'Time'.
 */
export function DeskVisitFields({
  choice,
  today,
  attrs,
  error,
  defaultSlot,
}: DeskVisitFieldsProps) {
  return (
    <>
      <DayServiceTechnicianFields
        choice={choice}
        today={today}
        technicians={choice.technicians}
        attrs={attrs}
        error={error}
      />
      <div className="add-form__visit">
        <VisitChoices
          service={choice.selected}
          offered={choice.offered}
          addOnIds={choice.addOnIds}
          onAddOns={choice.chooseAddOns}
          extra={choice.extra}
          onExtra={choice.setExtra}
        />
      </div>
      <TimeField
        choice={choice}
        attrs={attrs}
        error={error}
        defaultSlot={defaultSlot}
        prompt={timesPrompt(choice, choice.extra.length > 0)}
      />
    </>
  );
}
