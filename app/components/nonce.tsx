import { createContext, useContext } from "react";

// The CSP nonce of the current document request (see entry.server.tsx). In the
// browser it is empty: browsers hide nonce values from the DOM anyway.
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
