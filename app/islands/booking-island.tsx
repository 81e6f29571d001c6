import { BookingIsland } from "~/components/booking/booking-page";
import { hydrateIsland } from "./hydrate";

// /schedule's browser script: the booking form, its dialogs and overlays (spec "Schedule").
hydrateIsland("booking", BookingIsland);
