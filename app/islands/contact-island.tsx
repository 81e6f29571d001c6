import { ContactIsland } from "~/components/contact-form";
import { hydrateIsland } from "./hydrate";

// /contact's browser script: the form and its overlays (spec "Contact").
hydrateIsland("contact", ContactIsland);
