// The idiomatic Argon2id API over the low-level embind names of
// cpp/argon2/bindings.cpp: copies inputs into the heap, calls once, copies the
// result out, erases every secret byte and frees. A kernel status becomes an
// error through worker/wasm-status.js: RangeError (a parameter out of range,
// named by the kernel), TypeError (a malformed hash string), OutOfMemoryError,
// or InternalError.
import { heapCopyOut, heapReadU32, heapReadU8, withHeap } from './wasm-heap.js';
import { checkStatus } from './wasm-status.js';
import { namedError } from '../common/errors.js';
import { withTransfer } from '../common/protocol.js';
import { argon2idParallel, endStage, parallelLanesAvailable, prepareLanes } from './argon2-lanes.js';

const SALT_BYTES = 16;      // libsodium's crypto_pwhash_SALTBYTES
const STR_CAPACITY = 256;

// The hash warm() runs ahead of a job, on fixed public inputs. A module the
// page just compiled starts in V8's baseline tier (Liftoff: the lanes build's
// segments 21-25 ms there against 2.5 ms optimized, Node 20) and moves a
// function up only after it has run a while; 512 block fills over two passes
// and both addressing modes get the block fill and the segment loop optimized
// before Enter (the self-test's 96 do not), for 1-3 ms of work while the user
// types. On the parallel path the lanes build computes it too, on one thread,
// and must give the main build's tag.
const WARM_UP = { password: new Uint8Array(8), salt: new Uint8Array(16), t: 2, m: 256, p: 4, length: 32 };

/**
 * Argon2id over an instantiated argon2 wasm module. With `lanesModule` (the
 * compiled argon2.lanes.wasm) on a crossOriginIsolated page, p > 1 runs its
 * lanes in parallel lane workers (`laneWorkers`: the page started them with
 * this worker; a job finds fewer once a job before it used them, and then runs
 * on fewer threads).
 */
export function createWasmArgon2(wasm, { lanesModule, laneWorkers = [] } = {}) {
  const check = (code, what) => checkStatus(wasm, code, what);
  // A context for (t, m, p, length): its handle, to release with ctx_free.
  function createContext(t, m, p, length) {
    return withHeap(wasm, (heap) => {
      const handle = heap.alloc(4, { secret: false });
      check(wasm.ctx_create(t, m, p, length, handle));
      return heapReadU32(wasm, handle);
    });
  }
  const supportsParallel = !!lanesModule && parallelLanesAvailable();
  /** What warm() readied for the next parallel job (a promise of prepareLanes' stage; taken once). */
  let readiedLanes;
  /** False once the lanes build gave another tag than the main build: lanes then run one after another. */
  let lanesAgree = true;
  /**
   * The last parallel job's stage (its memory erased, its lane workers attached) while this worker lingers after
   * the job (args.lingerMs), for a next job of the same m and p (a job in a row: the page's runOnce reuse key):
   * that job then takes no fresh memory (10.5 us per 4 KiB page on some hosts) and starts no lane worker. Let go
   * when lingerMs ends, as the worker itself is then; it holds no secret. @type {{stage: object, timer: any} | undefined}
   */
  let kept;
  const letKeptGo = () => {
    if (!kept) return;
    clearTimeout(kept.timer);
    endStage(kept.stage);
    kept = undefined;
  };
  const takeKept = () => {
    const stage = kept?.stage;
    if (kept) clearTimeout(kept.timer);
    kept = undefined;
    return stage;
  };

  // Segment by segment rather than one long call: V8 swaps in optimised code
  // between calls, and the job can report progress.
  function hashSequential({ password, salt, t, m, p, length, secret, ad }, onProgress) {
    const lengths = [password, salt, secret, ad].map((bytes) => bytes?.length ?? 0);
    check(wasm.validate_params(t, m, p, length, ...lengths));
    const handle = createContext(t, m, p, length);
    try {
      return withHeap(wasm, (heap) => {
        const inputs = [password, salt, secret, ad].map((bytes) => heap.copyIn(bytes));
        const out = heap.alloc(length);
        check(wasm.ctx_init(handle, ...inputs.flatMap((ptr, i) => [ptr, lengths[i]])));
        heap.release(...inputs);  // absorbed into H0
        for (let pass = 0; pass < t; pass++) {
          for (let slice = 0; slice < 4; slice++) {
            for (let lane = 0; lane < p; lane++) check(wasm.ctx_fill_segment(handle, pass, slice, lane));
            onProgress?.((pass * 4 + slice + 1) / (4 * t));
          }
        }
        check(wasm.ctx_finalize(handle, out, length));
        return heapCopyOut(wasm, out, length);
      });
    } finally {
      wasm.ctx_free(handle);
    }
  }

  // The same tag with the lanes of each slice filled by several threads.
  async function hashParallel(args, onProgress) {
    const { password, salt, t, m, p, length, secret, ad } = args;
    check(wasm.validate_params(t, m, p, length, ...[password, salt, secret, ad].map((bytes) => bytes?.length ?? 0)));
    const readied = (await readiedLanes?.catch(() => undefined)) ?? takeKept();  // a failed stage ended its workers
    readiedLanes = undefined;
    if (!lanesAgree) return hashSequential(args, onProgress);
    const { lingerMs } = args;
    const keep = lingerMs > 0 ? (stage) => { kept = { stage, timer: setTimeout(letKeptGo, lingerMs) }; } : undefined;
    return argon2idParallel({ module: lanesModule, workers: laneWorkers.splice(0), readied, onProgress,
      message: (code) => wasm.error_message(code), password, salt, secret, ad, t, m, p, length, lingerMs, keep });
  }

  return {
    supportsParallel,

    // Runs the warm-up hash (WARM_UP), then takes the memory of a coming m KiB
    // job and touches every page once (the erase on free), then frees it: the
    // job's allocation of the same size gets these pages back, already mapped.
    // The parallel path readies its stage instead (prepareLanes: a shared
    // memory made and touched, the lane workers instantiated on it), for the
    // one job, and checks the lanes build against the main build.
    // Synchronous but for that stage (a promise then).
    warm({ m, p, parallel }) {
      check(wasm.validate_params(1, m, p, 32, 0, 8, 0, 0));
      const reference = hashSequential({ ...WARM_UP });
      if (supportsParallel && lanesAgree && p > 1 && parallel !== false) {
        // The lane workers at hand, and those of a job kept for a next one: no more come (the page started them).
        const workers = [...laneWorkers.splice(0), ...takeKept()?.workers ?? []];
        readiedLanes?.then(endStage, () => {});
        const message = (code) => wasm.error_message(code);
        const stage = prepareLanes({ module: lanesModule, m, p, workers, message });
        // A lanes build that cannot compute the warm-up is not used either.
        const agree = argon2idParallel({ module: lanesModule, threads: 1, message, ...WARM_UP })
          .then((tag) => tag.every((byte, i) => byte === reference[i]), () => false);
        readiedLanes = Promise.all([stage, agree]).then(([readied, same]) => {
          if (same) return readied;
          lanesAgree = false;
          for (const worker of readied.workers) worker.terminate();
          throw namedError('InternalError', 'argon2 lanes: the lanes build disagrees with the main build');
        });
        return readiedLanes.then(() => {});
      }
      wasm.ctx_free(createContext(1, m, p, 32));
    },

    /** The tag (Uint8Array, or a promise of it when lanes run in parallel). */
    hash(args, onProgress) {
      if (supportsParallel && lanesAgree && args.p > 1 && args.parallel !== false) return hashParallel(args, onProgress);
      return hashSequential(args, onProgress);
    },

    hashString({ password, salt, t, m, p }) {
      return withHeap(wasm, (heap) => {
        const out = heap.alloc(STR_CAPACITY);
        const written = heap.alloc(4);
        check(wasm.pwhash_str(out, STR_CAPACITY, heap.copyIn(password), password.length, heap.copyIn(salt), t, m, p,
          written));
        return new TextDecoder().decode(heapCopyOut(wasm, out, heapReadU32(wasm, written)));
      });
    },

    verifyString({ hash, password }) {
      const encoded = new TextEncoder().encode(hash);
      return withHeap(wasm, (heap) => {
        const match = heap.alloc(1);
        check(wasm.pwhash_str_verify(heap.copyIn(encoded), encoded.length, heap.copyIn(password), password.length,
          match), 'hash');
        return heapReadU8(wasm, match) === 1;
      });
    },
  };
}

/** The worker's ops: the same for the wasm backend and the libsodium fallback. */
export function argon2Ops(backend) {
  return {
    warm(args) {
      const pending = backend.warm?.(args);
      return pending ? pending.then(() => true) : true;
    },
    async argon2id(args, job) {
      try {
        const tag = await backend.hash(args, job?.progress);
        return withTransfer(tag, [tag.buffer]);
      } finally {
        eraseArgs(args);
      }
    },
    pwhashStr(args) {
      const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
      try {
        return backend.hashString({ ...args, salt });
      } finally {
        eraseArgs(args);
      }
    },
    pwhashVerify(args) {
      try {
        return backend.verifyString(args);
      } finally {
        eraseArgs(args);
      }
    },
  };
}

// The page transferred these buffers to us: they are our copies to wipe.
function eraseArgs(args) {
  args.password?.fill(0);
  args.secret?.fill(0);
}

export { SALT_BYTES };
