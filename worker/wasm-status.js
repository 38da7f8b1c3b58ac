// Turning a kernel's status code into an error: the one place that does it,
// for every module. Each module's cpp/<module>/status.h numbers its codes in
// the project's ranges, and its bindings export error_message(code):
//   0         ok
//   1-63      an argument the caller gave is out of range  -> RangeError
//   64-127    an argument the caller gave is malformed     -> TypeError
//   128       out of memory                                -> Error named 'OutOfMemoryError'
//   129-255   an internal fault (any other code too)       -> Error named 'InternalError'
// Internal faults are never RangeErrors: the caller cannot fix them.
import { namedError } from '../common/errors.js';

export const OUT_OF_MEMORY_ERROR = 'OutOfMemoryError';
export const INTERNAL_ERROR = 'InternalError';
export const STATUS_OUT_OF_MEMORY = 128;

/** The error name a status code stands for (see the ranges above); 'ok' for 0. */
export function statusErrorName(code) {
  if (code === 0) return 'ok';
  if (code >= 1 && code <= 63) return 'RangeError';
  if (code >= 64 && code <= 127) return 'TypeError';
  if (code === STATUS_OUT_OF_MEMORY) return OUT_OF_MEMORY_ERROR;
  return INTERNAL_ERROR;
}

/** The error for a non-zero status `code` with `message`. */
export function statusError(code, message) {
  const name = statusErrorName(code);
  if (name === 'RangeError') return new RangeError(message);
  if (name === 'TypeError') return new TypeError(message);
  return namedError(name, message);
}

/**
 * Returns for status 0; otherwise throws the error of that status, its
 * message the module's error_message(code), after `what: ` when given (the
 * argument the message is about, when the message does not name it).
 */
export function checkStatus(wasm, code, what) {
  if (code === 0) return;
  const text = wasm.error_message(code);
  throw statusError(code, what ? `${what}: ${text}` : text);
}

/** The out-of-memory error of a failed heap allocation (worker/wasm-heap.js). */
export function outOfMemoryError(message) {
  return namedError(OUT_OF_MEMORY_ERROR, message);
}
