// Runs a worker script of the package in a Node worker_threads thread, with
// the globals of a module Web Worker it expects: self, name, onmessage,
// postMessage, close, a fetch that reads file: URLs (the scalar build, on a
// self-test failure), and shared memory. The script itself is the one the
// browser runs. Built to dist/node-worker.js.
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

const scope = globalThis;
scope.self = scope;
scope.name = workerData.name;
// worker_threads share memory with Atomics.wait, as a cross-origin-isolated page does.
scope.crossOriginIsolated = true;
scope.navigator ??= { hardwareConcurrency: availableParallelism() };
scope.postMessage = (message, transfer = []) => parentPort.postMessage(message, transfer);
// A Web Worker's self.close(): this thread ends (an Argon2id lane worker its argon2 worker is done with).
scope.close = () => process.exit(0);

const webFetch = scope.fetch;
scope.fetch = async (input, init) => {
  const href = String(input instanceof Request ? input.url : input);
  if (!href.startsWith('file:')) return webFetch(input, init);
  const type = href.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
  return new Response(await readFile(new URL(href)), { headers: { 'content-type': type } });
};

await import(workerData.url);
// Only now: parentPort queues what arrives before it has a listener, as a Web Worker does before its script ran.
parentPort.on('message', (data) => scope.onmessage?.({ data }));
