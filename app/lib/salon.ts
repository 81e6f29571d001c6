import { createContext, useContext } from "react";
import type { SalonDetails } from "~/domain/salon/salon-details";

// The salon's details on every page (docs/product.md#the-site): the root loader reads them from
// the database (readSalonFacts) and root.tsx provides them; an island is handed them in its props
// and provides them itself. No component reads app/content: that is the first-start seed.

const SalonContext = createContext<SalonDetails | undefined>(undefined);

export const SalonProvider = SalonContext.Provider;

/** The salon's details; only inside a SalonProvider. */
export function useSalon(): SalonDetails {
  const details = useContext(SalonContext);
  if (!details) throw new Error("useSalon() outside a SalonProvider");
  return details;
}

/** The details, or undefined on an error page whose root loader failed (the database is down). */
export function useOptionalSalon(): SalonDetails | undefined {
  return useContext(SalonContext);
}
