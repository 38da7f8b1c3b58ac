// What the runtime needs from its platform, in Node (>= 20): workers are
// worker_threads running the very scripts the browser runs, under a small
// bootstrap (worker/runtime/node-bootstrap.js) that gives them a Web Worker's
// globals; wasm is read from the package's own files. scripts/bundle.mjs puts
// this file in place of platform.js in the Node build of the API.
import { Buffer } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { WorkerLike } from '../../worker/runtime/worker-like.js';

// Spelled here, not built at run time, for the same reason as api/modules/*.js.
const BOOTSTRAP = new URL('./node-worker.js', import.meta.url);

/** A worker_threads worker running the module script at `url`, shaped like a Web Worker. */
export function startWorker(url, name) {
  return new WorkerLike(new Worker(BOOTSTRAP, { workerData: { url: String(url), name }, name }));
}

/**
 * UTF-16LE bytes (well-formed: the notes kernel's) to a string: a copy of the
 * units. For 1.4 MB of note text (load 4): 0.4-0.6 ms, where TextDecoder
 * takes 2-6 ms for the same UTF-16 and 5-14 ms for its UTF-8, so openNotes()
 * asks the notes worker for UTF-16 (api/notes.js).
 */
export function utf16String(bytes) {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf16le');
}

/** The compiled WebAssembly.Module at `url` (a file: URL of the package, or http(s)). */
export async function compileWasm(url) {
  const href = String(url);
  if (!href.startsWith('file:')) {
    const response = await fetch(href);
    return WebAssembly.compile(await response.arrayBuffer());
  }
  return WebAssembly.compile(await readFile(new URL(href)));
}

/** worker_threads always share memory: Argon2id lanes run in parallel threads. */
export const sharedMemory = () => true;

/** A worker with no job must not keep Node's event loop alive. */
export function keepAlive(worker, busy) {
  worker?.keepAlive(busy);
}

/** A server hashes password after password: the next Argon2id job's worker is readied when one ends (api/argon2-next.js). */
export const readiesNextArgon2Worker = true;

/**
 * A server's Argon2id worker ends 500 ms after its job, where a next hash of the same shape runs on it (api/argon2.js):
 * logins in a row then take no fresh memory. It never holds the event loop.
 */
export const argon2LingerMs = 500;

/** Node's opens keep one notes worker: its page side (UTF-16 strings) is the longer one there. */
export const notesHelperWorker = false;
