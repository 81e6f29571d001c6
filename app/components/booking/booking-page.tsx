import { visitParams } from "~/domain/booking/visit-request";
import { LocaleProvider, useLocale } from "~/lib/i18n";
import { SalonProvider, useSalon } from "~/lib/salon";
import { m } from "~/paraglide/messages.js";
import { OverlayProvider } from "../overlays";
import { BookedView } from "./booked-view";
import type { BookingPageData } from "./booking-types";
import { ConfirmDialog } from "./confirm-dialog";
import { ConfirmedModal } from "./confirmed-modal";
import { FindTimesForm } from "./find-times-form";
import { PlainSearch } from "./plain-search";
import { TimesSection } from "./times-section";
import { useBookingOutcome } from "./use-booking-outcome";
import { useHold } from "./use-hold";
import { useLiveTimes } from "./use-live-times";
import { useVisitChoices } from "./use-visit-choices";

/**
 * /schedule's island (app/islands/booking-island.tsx): React runs this part of the page on its own,
 * with the global overlays of the spec's "Shared behaviour".
 */
export function BookingIsland(data: BookingPageData) {
  return (
    <LocaleProvider value={data.locale}>
      <SalonProvider value={data.salon}>
        <OverlayProvider>
          <BookingPage {...data} />
        </OverlayProvider>
      </SalonProvider>
    </LocaleProvider>
  );
}

/**
 * Spec "Schedule": date, category, service, technician, then the free times. Searching loads the
 * page for the search in the address (with or without JavaScript); the confirm dialog books
 * without leaving it.
 */
function BookingPage(data: BookingPageData) {
  // The reloaded page after a booking, in the browser that booked (docs/product.md#after-booking).
  if (data.booked) {
    return (
      <div className="page booking">
        <BookingHeader />
        <BookedView booked={data.booked} focus={!data.confirmed} />
        {data.confirmed ? (
          <ConfirmedModal dateString={data.confirmed} fromAddress pending={data.confirmedPending} />
        ) : null}
      </div>
    );
  }
  return <BookingForm {...data} />;
}

function BookingForm(data: BookingPageData) {
  const { query, answer } = data;
  const { slots, setSlots, chosen, setChosen, confirmed, onBooked, onTaken } =
    useBookingOutcome(data);
  const choices = useVisitChoices(data, () => setChosen(null));
  // The time the address names (a time chosen without JavaScript): its dialog is in the HTML,
  // open, with the answer of a refused post.
  const fromAddress = chosen?.startsAt === query.slot ? { answer } : undefined;
  const { held, choose, closeDialog, holdAnswered } = useHold(query.date, data.items, setChosen);

  // The listed times belong to the search in the address; a changed choice hides them.
  const showingResults =
    query.date === choices.date &&
    JSON.stringify(visitParams(choices.items)) === JSON.stringify(visitParams(data.items));

  // A time someone else takes, or a change staff make, shows in the open list without a reload
  // (docs/decisions/015-live-pages.md).
  useLiveTimes(showingResults && slots !== null, query.date, data.items, setSlots);

  return (
    <div className="page booking">
      <BookingHeader />
      <div className="booking__layout">
        <PlainSearch data={data} />
        <FindTimesForm choices={choices} today={data.today} lastDay={data.lastDay} />
        <TimesSection
          dateLabel={data.dateLabel}
          slots={showingResults ? slots : null}
          slotsError={showingResults ? data.slotsError : null}
          taken={!!answer && !answer.ok && !answer.fieldErrors && !answer.callUs && !chosen}
          onChoose={choose}
          waitlist={{ date: query.date, items: data.items, fromAddress: data.waitlist }}
        />
      </div>

      {chosen && choices.selected ? (
        <ConfirmDialog
          key={chosen.startsAt}
          date={choices.date}
          dateLabel={data.dateLabel}
          service={choices.selected}
          technician={choices.technician}
          items={data.items}
          slot={chosen}
          fromAddress={fromAddress}
          onClose={closeDialog}
          holdAnswered={holdAnswered}
          held={held ? data.holdLabel : undefined}
          policy={policyOf(data, choices.selected.id)}
          onBooked={onBooked}
          onTaken={onTaken}
        />
      ) : null}
      {confirmed ? <ConfirmedModal {...confirmed} /> : null}
      {data.confirmed && !confirmed ? (
        <ConfirmedModal dateString={data.confirmed} fromAddress pending={data.confirmedPending} />
      ) : null}
    </div>
  );
}

/** The policy to agree to, when a service of the visit asks a deposit or a card. */
function policyOf(data: BookingPageData, firstService: string): string[] | undefined {
  const asks = new Set(data.payment?.protectedTypeIds ?? []);
  const services = [firstService, ...data.items.map((item) => item.typeId)];
  return services.some((id) => asks.has(id)) ? data.payment?.policy : undefined;
}

function BookingHeader() {
  const business = useSalon();
  const locale = useLocale();
  return (
    <header className="page-header">
      <p className="eyebrow">{m.booking_eyebrow({}, { locale })}</p>
      <h1>{m.booking_heading({}, { locale })}</h1>
      {/* Either order (docs/product.md#service-first): the month marks a chosen service's days. */}
      <p className="lead">
        {m.booking_lead({}, { locale })} <a href={`tel:${business.phoneE164}`}>{business.phone}</a>.
      </p>
    </header>
  );
}
