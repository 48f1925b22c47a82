import { createContext, useContext } from 'react';

// The CSP nonce of this response; only the server knows it, the browser does not need it.
const NonceContext = createContext<string>('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
