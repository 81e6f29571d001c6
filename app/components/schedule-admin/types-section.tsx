import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { StaffAppointmentTypeView } from "~/services/salon/appointment-type-admin.server";
import { TypeForm } from "./type-form";

interface TypesSectionProps {
  types: StaffAppointmentTypeView[];
  date: string;
  /** The active team's names: the form's choice of technicians. */
  technicians: string[];
}

/**
 * Spec "Schedule admin": 'Create New Appointment Type' opens a form; 'View Appointment Types' lists
 * the types as '<Category> - <Type>', and choosing one opens its edit form (Update, Duplicate,
 * Remove). One form at a time, so every label on the page names one field.
 */
export function TypesSection({ types, date, technicians }: TypesSectionProps) {
  const [creating, setCreating] = useState(false);
  const [listing, setListing] = useState(false);
  // ?type=<id> opens that type's form ('Missing in Spanish' on the Site page links so).
  const [params] = useSearchParams();
  const [editingId, setEditingId] = useState<string | null>(() => params.get("type"));
  // After a duplicate the copy opens as soon as the reloaded list has it.
  const [copyId, setCopyId] = useState<string | null>(null);
  const [openedCopy, setOpenedCopy] = useState<string | null>(null);
  const editing = types.find((type) => type.id === editingId);

  useEffect(() => {
    if (copyId && types.some((type) => type.id === copyId)) {
      setEditingId(copyId);
      setOpenedCopy(copyId);
      setCopyId(null);
    }
  }, [copyId, types]);

  return (
    <section className="staff-section" id="appointment-types">
      <h2>Appointment Types</h2>
      <p className="staff-section__intro">
        The services visitors can book online, with their hours, days and workers.
      </p>
      <TypesToolbar
        creating={creating}
        onCreate={() => {
          setCreating(true);
          setEditingId(null);
        }}
        onList={() => setListing(true)}
      />

      <div className="types-layout" data-listing={listing || undefined}>
        <TypeList
          types={types}
          listing={listing}
          editingId={editingId}
          onEdit={(id) => {
            setCreating(false);
            setEditingId(id);
            setOpenedCopy(null);
          }}
        />

        {creating ? (
          <TypeForm
            technicians={technicians}
            date={date}
            onClose={() => setCreating(false)}
            onDone={() => {
              // The new type is in the reloaded list.
              setCreating(false);
              setListing(true);
            }}
          />
        ) : editing ? (
          <TypeForm
            technicians={technicians}
            key={editing.id}
            type={editing}
            date={date}
            note={
              editing.id === openedCopy
                ? "This is the new copy, listed after the original. Change what differs and press Update."
                : undefined
            }
            onClose={() => setEditingId(null)}
            onDone={(result) => {
              if (result.intent === "remove") setEditingId(null);
              if (result.intent === "duplicate") setCopyId(result.id);
            }}
          />
        ) : null}
      </div>
    </section>
  );
}

/** 'Create New Appointment Type' (while no new type is being made) and 'View Appointment Types'. */
function TypesToolbar(props: { creating: boolean; onCreate(): void; onList(): void }) {
  return (
    <div className="button-row types-toolbar">
      {props.creating ? null : (
        <button type="button" className="button" onClick={props.onCreate}>
          Create New Appointment Type
        </button>
      )}
      <button
        type="button"
        className="button button--ghost"
        aria-controls="type-list"
        onClick={() => {
          props.onList();
          document.getElementById("type-list")?.scrollIntoView({ block: "nearest" });
        }}
      >
        View Appointment Types
      </button>
    </div>
  );
}

/** The types as '<Category> - <Type>', the one being edited marked; hidden until asked for. */
function TypeList(props: {
  types: StaffAppointmentTypeView[];
  listing: boolean;
  editingId: string | null;
  onEdit(id: string): void;
}) {
  const { types, editingId } = props;
  return (
    <div id="type-list" className="type-list" hidden={!props.listing}>
      {types.length === 0 ? (
        <p>No appointment types yet.</p>
      ) : (
        <ul>
          {types.map((type) => (
            <li key={type.id}>
              <button
                type="button"
                className="type-list__item"
                aria-current={type.id === editingId || undefined}
                onClick={() => props.onEdit(type.id)}
              >
                {`${type.category} - ${type.type}`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
