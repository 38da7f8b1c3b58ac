// Latest wins: each new call supersedes the one before it. The older promise
// rejects with an AbortError and, if the worker has not started it yet, the
// worker skips it, so a fast typist never waits behind stale keystrokes.
import { namedError } from '../../common/errors.js';

/**
 * Wraps `client.send(op, ...)` so that only the newest call's result is delivered: `callLatest(args, options)`
 * resolves with it. `callLatest.send(args, options)` is the same call, returning `{job, promise}`: the job as
 * client.send() gave it (posted, settle()) and that promise. `supersede()` rejects the call in flight as a newer
 * call would, for a newer answer found without the worker.
 */
export function latestWins(client, op) {
  let current;
  const supersede = () => {
    if (!current) return;
    client.cancel(current.id);
    current.reject(namedError('AbortError', 'superseded by a newer request'));
    current = undefined;
  };
  const send = (args, options) => {
    supersede();
    const job = client.send(op, args, options);
    const entry = { id: job.id, reject: undefined };
    const promise = new Promise((resolve, reject) => {
      entry.reject = reject;
      job.promise.then(
        (result) => { if (current === entry) { current = undefined; resolve(result); } },
        (error) => { if (current === entry) { current = undefined; reject(error); } });
    });
    current = entry;
    return { job, promise };
  };
  return Object.assign(function callLatest(args, options) {
    return send(args, options).promise;
  }, { supersede, send });
}
