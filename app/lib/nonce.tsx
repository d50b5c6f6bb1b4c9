import { createContext, useContext } from "react";

// The CSP nonce of this response, for the inline scripts React Router renders.
// It is set on the server only: browsers hide nonce values from the page anyway.
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
