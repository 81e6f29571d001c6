import { createContext, useContext } from "react";

// The CSP nonce of the current document request (see entry.server.tsx), for React Router's
// scripts on the pages that hydrate. Pages kept by the page cache have none (their one inline
// script is allowed by its hash), nor does the browser: it hides nonce values from the DOM.
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
