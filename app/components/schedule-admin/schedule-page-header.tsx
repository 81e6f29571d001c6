import type { ReactNode } from "react";
import { ScheduleNav } from "./schedule-nav";

/** The head of one of the schedule's own pages (Team, Categories, Waitlist), and their links. */
export function SchedulePageHeader(props: { title: string; date?: string; children: ReactNode }) {
  return (
    <>
      <header className="page-header">
        <p className="eyebrow">Schedule</p>
        <h1>{props.title}</h1>
        <p className="lead">{props.children}</p>
      </header>
      <ScheduleNav {...(props.date ? { date: props.date } : {})} />
    </>
  );
}
