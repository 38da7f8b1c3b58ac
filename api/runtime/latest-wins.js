// Latest wins: each new call supersedes the one before it. The older promise
// rejects with an AbortError and, if the worker has not started it yet, the
// worker skips it, so a fast typist never waits behind stale keystrokes.
import { namedError } from '../../common/errors.js';

/**
 * Wraps `client.call(op, ...)` so that only the newest call's result is delivered. `supersede()` rejects the
 * call in flight as a newer call would, for a newer answer found without the worker.
 */
export function latestWins(client, op) {
  let current;
  const supersede = () => {
    if (!current) return;
    client.cancel(current.id);
    current.reject(namedError('AbortError', 'superseded by a newer request'));
    current = undefined;
  };
  return Object.assign(function callLatest(args, options) {
    supersede();
    return new Promise((resolve, reject) => {
      const { id, promise } = client.send(op, args, options);
      const entry = { reject, id };
      current = entry;
      promise.then(
        (result) => { if (current === entry) { current = undefined; resolve(result); } },
        (error) => { if (current === entry) { current = undefined; reject(error); } });
    });
  }, { supersede });
}
