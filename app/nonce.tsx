import { createContext, useContext } from "react";

/**
 * The per-request CSP nonce: the server makes it, the browser reads it from the
 * page before hydrating (entry.client), so an element React creates in the browser
 * (the inline stylesheet after a hydration error, say) is allowed too.
 */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
