import { config } from 'zod';

/**
 * In a browser, zod parses without compiling code: zod 4 otherwise probes `new Function` to build fast
 * object parsers, which the server's Content-Security-Policy (no 'unsafe-eval') refuses and reports as a
 * violation. It must run before any schema is built, hence the first import of the contract's index.
 * The server keeps the compiled parsers (no CSP applies to it).
 */
if (typeof document !== 'undefined') config({ jitless: true });
