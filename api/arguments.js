// Argument checks shared by every plain-JS API call: each failure is a
// TypeError or RangeError whose message starts with the argument's name.

/** A private copy of a string (as exact UTF-8, no normalisation) or byte array. */
export function bytesOf(value, name, { optional = false } = {}) {
  if (value === undefined || value === null) {
    if (optional) return undefined;
    throw new TypeError(`${name} is required (a string or Uint8Array)`);
  }
  if (typeof value === 'string') return new TextEncoder().encode(value);
  if (value instanceof Uint8Array) return value.slice();
  throw new TypeError(`${name} must be a string or Uint8Array, got ${describe(value)}`);
}

/** A private copy of a Uint8Array argument (keys, salts, nonces). */
export function byteArray(value, name, { optional = false, length } = {}) {
  if (value === undefined || value === null) {
    if (optional) return undefined;
    throw new TypeError(`${name} is required (a Uint8Array)`);
  }
  if (!(value instanceof Uint8Array)) throw new TypeError(`${name} must be a Uint8Array, got ${describe(value)}`);
  if (length !== undefined && value.length !== length) {
    throw new RangeError(`${name} must be ${length} bytes, got ${value.length}`);
  }
  return value.slice();
}

/** An integer in [min, max]. */
export function integer(value, name, min, max = Number.MAX_SAFE_INTEGER) {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(`${name} must be an integer, got ${describe(value)}`);
  }
  if (value < min || value > max) throw new RangeError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

export function string(value, name) {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string, got ${describe(value)}`);
  return value;
}

/** One of a fixed list of strings: TypeError for a non-string, RangeError for another string. */
export function oneOf(value, name, choices) {
  if (typeof value !== 'string') throw new TypeError(`${name} must be one of ${choices.join(', ')}, got ${describe(value)}`);
  if (!choices.includes(value)) throw new RangeError(`${name} must be one of ${choices.join(', ')}, got "${value}"`);
  return value;
}

/**
 * An attribute's text as an integer in [min, max] (`fallback` when the attribute is absent): the elements' reading of
 * `size="512"`, `radius="8"`. Text that is not a whole number is a TypeError, a number out of range a RangeError,
 * with the messages integer() gives.
 * @param {string | null} text
 */
export function integerAttribute(text, name, min, max, fallback) {
  if (text === null) return fallback;
  if (!/^\s*-?\d+\s*$/.test(text)) throw new TypeError(`${name} must be an integer between ${min} and ${max}, got "${text}"`);
  return integer(Number(text), name, min, max);
}

/** An attribute's text as one of `choices` (`fallback` when the attribute is absent), checked as oneOf() does. */
export function choiceAttribute(text, name, choices, fallback) {
  return text === null ? fallback : oneOf(text, name, choices);
}

/** Buffers to transfer to a worker (skipping absent ones). */
export function buffersOf(...arrays) {
  return arrays.filter(Boolean).map((a) => a.buffer);
}

/** What a value is, for a message: 'null', 'an array', its class ('Float32Array'), or its typeof. */
export function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return value.constructor?.name ?? 'an object';
  return typeof value;
}
