import { z } from 'zod';

// Every schema of app/ and common/ takes zod from here (eslint.config.js), so that in the browser
// this runs before the first schema is made. Zod asks `new Function` whether it may compile its
// parsers when it makes an object schema; the pages' CSP forbids eval, and Chrome reports even
// that caught attempt as a CSP violation (Lighthouse's best practices, issue 20 §24). A page checks
// a form at a time: zod's plain parsers are fast enough there. The server keeps the compiled ones.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
