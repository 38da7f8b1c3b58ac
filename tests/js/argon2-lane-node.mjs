// worker/argon2-lane.js under Node's worker_threads (tests only): the lane
// worker expects the Web Worker globals self.onmessage / postMessage.
import { parentPort, Worker } from 'node:worker_threads';

if (parentPort) {
  globalThis.self = globalThis;
  globalThis.postMessage = (message) => parentPort.postMessage(message);
  (await import('../../worker/argon2-lane.js')).serveLane();
  parentPort.on('message', (data) => globalThis.onmessage({ data }));
}

/** A `spawn` for argon2idParallel: a Web-Worker-shaped wrapper of a worker_threads Worker running this file. */
export function spawnNodeLane() {
  const worker = new Worker(new URL(import.meta.url));
  return {
    postMessage: (message) => worker.postMessage(message),
    terminate: () => worker.terminate(),
    set onmessage(handler) { worker.on('message', (data) => handler({ data })); },
    set onerror(handler) { worker.on('error', handler); },
  };
}
