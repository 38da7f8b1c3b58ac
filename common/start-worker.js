// Starts a module Worker from a script URL, wherever the package was loaded
// from. A module Worker must come from the starting context's own origin: on
// the same origin it starts directly (no blob:, so strict CSPs such as the
// extension's are untouched); a script from another origin (a CDN sending
// Access-Control-Allow-Origin) starts through a same-origin blob: module that
// imports it, so inside the worker import.meta.url is still the CDN's URL.
// On a page that enforces Trusted Types (`require-trusted-types-for 'script'`)
// a Worker's URL must be a TrustedScriptURL: the package makes its worker URLs
// through a policy of its own, `memento-elements`, which passes only URLs of
// the package's own code (the policy is module-private: only the package's
// worker starts reach it); a page whose CSP lists allowed policies (`trusted-types`) names it.
import { namedError } from './errors.js';

const POLICY_NAME = 'memento-elements';
let policy;

/** `href` as the Worker constructor takes it here: a TrustedScriptURL where Trusted Types are enforced. */
function workerScriptURL(href) {
  const factory = globalThis.trustedTypes;
  if (!factory?.createPolicy) return href;
  try {
    policy ??= factory.createPolicy(POLICY_NAME, { createScriptURL: (url) => url });
  } catch {
    return href;   // the page's `trusted-types` list leaves it out: the Worker then says what the page refused
  }
  return policy.createScriptURL(href);
}

/** True when `url` can start a Worker here without a trampoline. */
export function sameOrigin(url, here = globalThis.location?.href) {
  if (!here) return true;
  const origin = new URL(here).origin;
  // A blob: worker's own location reports its creator's origin.
  return new URL(url).origin === origin || origin === 'null';
}

/**
 * What to tell a person when the worker at `url` does not start: for a script
 * of another origin, the likely cause (a CSP that forbids blob: workers) and
 * both fixes; else only that it could not start.
 */
export function workerStartProblem(url, name, detail = '') {
  const what = `the ${name} worker could not start${detail ? ` (${detail})` : ''}`;
  if (sameOrigin(String(url))) return `${what}: is ${url} served, as a JavaScript module?`;
  return `${what}: the package's scripts come from ${new URL(url).origin}, another origin than this page's, so its `
    + "workers start from a blob: URL, which this page's Content-Security-Policy may forbid. Serve the package's files "
    + "from this page's own origin, or allow blob: in the policy's worker-src.";
}

/**
 * A module Worker running `url`. `name` labels it in devtools.
 * @param {URL|string} url
 * @param {string} name
 */
export function startModuleWorker(url, name) {
  const href = String(url);
  if (sameOrigin(href)) return new Worker(workerScriptURL(href), { type: 'module', name });
  const trampoline = URL.createObjectURL(new Blob([`import ${JSON.stringify(href)};\n`], { type: 'text/javascript' }));
  let worker;
  try {
    worker = new Worker(workerScriptURL(trampoline), { type: 'module', name });
  } catch (error) {   // Chromium refuses a blob: worker the CSP forbids at once
    URL.revokeObjectURL(trampoline);
    throw namedError('WorkerError', workerStartProblem(href, name, error?.message));
  }
  // The worker fetches its blob asynchronously: let go of it once the worker has spoken or failed.
  const release = () => URL.revokeObjectURL(trampoline);
  worker.addEventListener('message', release, { once: true });
  worker.addEventListener('error', release, { once: true });
  return worker;
}
