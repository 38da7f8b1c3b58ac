// What one <vault-unlock> attempt does: its parameters read from the element's
// attributes (refused with a message for a person), and the Argon2id call of
// its mode in a worker (api/argon2.js).
import { argon2id, pwhashStr, pwhashVerify } from '../../api/argon2.js';
import { ARGON2_DEFAULTS } from '../../common/constants.js';
import { namedError } from '../../common/errors.js';
import { parseArgon2idString } from './argon2-string.js';
import { base64Decode, base64Encode } from '../../common/base64.js';

export const DEFAULTS = { t: ARGON2_DEFAULTS.t, m: ARGON2_DEFAULTS.m, p: ARGON2_DEFAULTS.p };
export const MODES = ['verify', 'derive', 'create'];
const SALT_BYTES = 16;
const KEY_BYTES = 32;

/** An error for the page: a stable `name` (common/errors.js) and a message for a person. */
export const failure = namedError;

/**
 * The element's attributes as job parameters; throws TypeError/RangeError
 * with a message for a person.
 * @param {HTMLElement & {mode: string, hash: string, salt: string, output: string}} element
 */
export function jobConfig(element) {
  const { mode } = element;
  if (!MODES.includes(mode)) throw new TypeError(`mode must be verify, derive or create, not "${mode}"`);
  if (mode === 'verify') return { mode, hash: element.hash, ...parseArgon2idString(element.hash) };
  const integer = (name, min) => {
    const text = element.getAttribute(name);
    if (text === null) return DEFAULTS[name];
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < min || n > 0xffffffff) throw new RangeError(`${name} must be a whole number of at least ${min}, not "${text}"`);
    return n;
  };
  const t = integer('t', 1);
  const p = integer('p', 1);
  const m = integer('m', 8 * p);
  if (p > 16) throw new RangeError(`p must be at most 16, not ${p}`);
  if (mode === 'create') return { mode, t, m, p, output: element.output };
  if (!element.hasAttribute('salt')) throw new TypeError('salt is missing: set it to the base64 salt');
  const salt = base64Decode(element.salt, 'salt');
  if (salt.length < 8) throw new RangeError(`salt must be at least 8 bytes, got ${salt.length}`);
  return { mode, salt, t, m, p };
}

/**
 * Runs the attempt: {ok: true} (verify; a wrong password throws
 * WrongPasswordError), {key} (derive), {hash} or {salt, t, m, p, key} (create).
 * `options` go to the API call (signal, onProgress, warm).
 */
export async function runJob(config, password, options) {
  const { mode, t, m, p } = config;
  if (mode === 'verify') {
    if (!(await pwhashVerify(config.hash, password, options))) throw failure('WrongPasswordError', 'Wrong password.');
    return { ok: true };
  }
  if (mode === 'derive') {
    return { key: await argon2id({ password, salt: config.salt, t, m, p, length: KEY_BYTES }, options) };
  }
  if (config.output === 'hash') {
    return { hash: await pwhashStr(password, { t, m, p }, options) };
  }
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const key = await argon2id({ password, salt, t, m, p, length: KEY_BYTES }, options);
  return { salt: base64Encode(salt), t, m, p, key };
}
