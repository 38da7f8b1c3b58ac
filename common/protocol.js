// The request/response protocol shared by the page and every worker.
//   page -> worker  {type: 'init', module, simd, scalarUrl, force}   once, first
//                   {type: 'call', id, op, args}                      a job
//                   {type: 'cancel', id}                              drop a queued job
//   worker -> page  {type: 'ready', path}                              'simd' | 'scalar' | 'libsodium'
//                   {type: 'reply', id, ok: true, result}
//                   {type: 'reply', id, ok: false, error: {name, message}}
//                   {type: 'progress', id, value}                      0..1, or a report object (its buffers may be transferred)
// Big buffers travel in transfer lists, never copied.

const BUILTIN_ERRORS = { TypeError, RangeError, SyntaxError, Error };

/** Flattens any thrown value into the structured form that crosses postMessage. */
export function serializeError(error) {
  if (error && typeof error === 'object') {
    return { name: String(error.name || 'Error'), message: String(error.message ?? error) };
  }
  return { name: 'Error', message: String(error) };
}

/** Rebuilds an Error whose class and `name` match what the worker threw. */
export function deserializeError({ name, message }) {
  const Builtin = BUILTIN_ERRORS[name];
  const error = Builtin ? new Builtin(message) : new Error(message);
  if (!Builtin) error.name = name;
  return error;
}

/** Marks a worker op's result as carrying buffers to transfer rather than copy. */
export function withTransfer(result, transfer) {
  return { [TRANSFER]: true, result, transfer };
}

const TRANSFER = Symbol('memento.transfer');

/** Splits an op's return value into the value and its transfer list. */
export function unwrapTransfer(value) {
  if (value && value[TRANSFER]) return { result: value.result, transfer: value.transfer };
  return { result: value, transfer: [] };
}
