// The demo's benchmark worker for our kernels alone, loaded through the
// loader the bench's browser worker uses too (fixtures/emscripten-build.js) and timed in this worker
// like the peers in demo/bench-peers.js, so that the bars compare kernels; the
// page adds the API's cost (a fresh worker per job).
//   {kind: 'argon2', password, salt, t, m, runs}: the argon2 worker's build (SIMD where the engine has it)
//   {kind: 'texture', texture: {kind, size, seed}, runs}: the texture kernel in bands through the worker's own
//     ops (worker/texture-ops.js), and the JS tables (its fallback); the output is a digest of the five maps
//   {kind: 'blur', runs}: the glass blur of a 720 x 450 sky (demo/bench-blur.js) at r = 8 through the blur worker's
//     own ops (worker/blur-ops.js): the whole sky, the top bar and sidebar crops (checked here against the same
//     rectangles of the whole sky's blur), and the sliding-sum JS (its fallback); the output is a digest of the bytes
// -> {type: 'done', contenders: [{id, label, times, output}]}
import { emscriptenBuild } from '../fixtures/emscripten-build.js';
import { createWasmArgon2 } from '../worker/argon2-ops.js';
import { textureOps, wasmTextureBackend } from '../worker/texture-ops.js';
import { renderTextureTables } from '../worker/texture-tables.js';
import { unwrapTransfer } from '../common/protocol.js';
import { simdSupported } from '../common/wasm-compile.js';
import { digestMaps } from './bench-texture.js';
import { blurOps, wasmBlurBackend } from '../worker/blur-ops.js';
import { boxBlurSliding } from '../worker/blur-sliding.js';
import { BARS, SKY, cutRect, digestBytes, skyImage } from './bench-blur.js';
import { hex, timeRuns } from './bench-timing.js';

const KINDS = {
  async argon2({ password, salt, t, m, runs }) {
    const simd = simdSupported();
    const argon2 = createWasmArgon2(await emscriptenBuild('argon2', { simd }));
    const { times, output } = await timeRuns(async () => hex(await argon2.hash({ password, salt, t, m, p: 1, length: 32 })), runs);
    return [{ id: 'ours', label: `ours, kernel in a worker (${simd ? 'simd' : 'scalar'})`, times, output }];
  },
  async texture({ texture, runs }) {
    const simd = simdSupported();
    const ops = textureOps(wasmTextureBackend(await emscriptenBuild('texture', { simd })));
    const kernel = await timeRuns(() => digestMaps(unwrapTransfer(ops.render({ ...texture, bands: [] }, { progress() {} })).result), runs);
    const tables = await timeRuns(() => digestMaps(renderTextureTables(texture)), runs);
    return [
      { id: 'ours', label: `ours, kernel in a worker (${simd ? 'simd' : 'scalar'}, bands)`, ...kernel },
      { id: 'tables', label: 'ours, JS tables (the fallback)', ...tables },
    ];
  },
  async blur({ runs }) {
    const simd = simdSupported();
    const ops = blurOps(wasmBlurBackend(await emscriptenBuild('blur', { simd })));
    const sky = skyImage(SKY);
    const { radius } = SKY;
    // The op owns the pixels it is sent (it writes its result into their buffer, as a worker's transferred or
    // cloned message), so each call gets its own copy of the sky, as the worker gets one per message.
    const viaOps = (rect) => unwrapTransfer(ops.blur({ ...sky, data: sky.data.slice(), radius, rect, quality: 'exact' })).result.data;
    let whole;
    const kernel = await timeRuns(() => {
      whole = viaOps();
      return digestBytes(whole);
    }, runs);
    // The crops must equal the same rectangles of the whole sky's blur: then their output is the whole's digest.
    const wholeBlur = { data: whole, width: sky.width, height: sky.height };
    const bars = await timeRuns(() => (BARS.every((rect) => digestBytes(viaOps(rect)) === digestBytes(cutRect(wholeBlur, rect)))
      ? kernel.output : 'the crops differ from the whole sky\'s blur'), runs);
    const sliding = await timeRuns(() => digestBytes(boxBlurSliding(sky, radius).data), runs);
    return [
      { id: 'ours', label: `ours, kernel in a worker (${simd ? 'simd' : 'scalar'}, whole sky)`, ...kernel },
      { id: 'bars', label: 'ours, kernel, only the top bar and sidebar', ...bars },
      { id: 'sliding', label: 'ours, sliding-sum JS (the fallback)', ...sliding },
    ];
  },
};

self.onmessage = async ({ data }) => {
  try {
    self.postMessage({ type: 'done', contenders: await KINDS[data.kind](data) });
  } catch (error) {
    self.postMessage({ type: 'failed', message: `${error?.name ?? 'Error'}: ${error?.message ?? error}` });
  }
};
