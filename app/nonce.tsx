import { createContext, useContext } from "react";

/** The per-request CSP nonce; empty in the browser, where it is neither known nor needed. */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
