/**
 * The source of a worker thread started from a function of this module (`new Worker(src, {eval:
 * true})`): the function's own text, called. Transpilers that keep function names (esbuild under
 * tsx, as `npm run dev` and the console journeys run the server) wrap inner functions in a
 * `__name(fn, "name")` helper defined at the top of the module, which the thread's text then
 * lacks: every read sent to such a thread failed. The helper is given to the thread as a no-op.
 */
export function threadSource(fn: () => void): string {
  return `const __name = (target) => target;\n(${fn.toString()})()`;
}
