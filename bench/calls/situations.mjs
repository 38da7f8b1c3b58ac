// One contender of one job in the three situations of `npm run bench -- calls`,
// each timed from the call to the result in the caller's hands: `first` (the
// first call in a fresh page or process: the contender's start, its imports
// and its module's compile and worker start included), `idle` (one call, made
// by the runner at least IDLE_MS after the last), `row` (ROW calls back to
// back, the last timed). Shared by the page (bench/calls/page.js) and the Node
// child (bench/calls/child.mjs): the runner (bench/calls.mjs) says when.
import { contenderOf } from './jobs.mjs';

export const IDLE_MS = 10_000;
export const ROW = 5;

/** A session of contender `who` of `job` (bench/calls/jobs.mjs) in `ctx` ({api(), vault()}); its input is made before any timing. */
export function callSession(job, who, ctx, now = () => performance.now()) {
  const contender = contenderOf(job, who);
  let input, handle;
  // A contender's own input for each call (perCall, untimed: a blur's copy of the image, made by the caller's
  // getImageData before it calls anything), else the session's input.
  const inputOfCall = () => (contender.perCall ? contender.perCall(input) : input);
  const timedCall = async () => {
    const callInput = inputOfCall();
    const start = now();
    const result = await contender.call(handle, callInput);
    const ms = now() - start;
    await contender.after?.(handle, result);
    return { ms, result };
  };
  const checkOf = (result) => (job.check ? job.check(result) : undefined);
  return {
    async prepare() {
      input = await contender.inputs?.(ctx);
    },
    async first() {
      if (contender.startUntimed) {
        handle = await contender.start(ctx, input);
        const { ms, result } = await timedCall();
        return { ms, check: checkOf(result) };
      }
      const callInput = inputOfCall();
      const start = now();
      handle = await contender.start(ctx, input);
      const result = await contender.call(handle, callInput);
      const ms = now() - start;
      await contender.after?.(handle, result);
      return { ms, check: checkOf(result) };
    },
    async idle() {
      return { ms: (await timedCall()).ms };
    },
    async row() {
      let last;
      for (let i = 0; i < ROW; i++) last = await timedCall();
      return { ms: last.ms, check: checkOf(last.result) };
    },
  };
}

/** The params of a job's kernel: its case's in bench/<kernel.module>.mjs (`definition`), with `kernel.with` over them. */
export function kernelParams(definition, kernel) {
  const found = definition.cases({ quick: false }).find((c) => c.id === kernel.case);
  if (!found) throw new Error(`bench ${kernel.module} has no case ${kernel.case}`);
  if (!definition.contenders[kernel.contender]) throw new Error(`bench ${kernel.module} has no contender ${kernel.contender}`);
  return { ...found.params, ...kernel.with };
}

/**
 * Our kernel alone for a job: the contender `kernel.contender` of bench/<kernel.module>.mjs (`definition`, its
 * default export), set up untimed, prepared for its params, then ROW runs back to back: the last one's ms.
 */
export async function kernelRow(definition, kernel, env, now = () => performance.now()) {
  const params = kernelParams(definition, kernel);
  const instance = await definition.contenders[kernel.contender].setup(env);
  await instance.prepare?.(params);
  let ms;
  for (let i = 0; i < ROW; i++) {
    const start = now();
    await instance.run(params);
    ms = now() - start;
    await instance.after?.(params);
  }
  await instance.close?.();
  return { ms, params };
}
