// Renders shared between <procedural-texture> elements: an element that asks
// for a texture (kind, size, seed, at the same display reduction) while such a
// render is in flight joins it instead of starting a worker of its own. A page
// showing one texture's maps side by side (the demo's five map views) then
// starts one worker and renders the bytes once, instead of five workers and
// five module instantiations competing at page load.
// The render starts a microtask after the first request, so that the elements
// upgraded in the same task (defineAll()) have joined and every band carries
// each one's map; an element joining later draws its map when the render ends.
// The render is aborted (its worker terminated) when the last element leaves.
import { renderTexture } from '../../api/texture.js';
import { TEXTURE_MAPS } from '../../common/constants.js';

/** @type {Map<string, {viewers: Set<object>, maps: Set<string>, controller: AbortController, result: Promise<object>}>} */
const inFlight = new Map();

/**
 * The five maps of `params`, rendered once for every element that asks while it runs.
 * @param {{kind: string, size: number, seed: number}} params
 * @param {number} reduction the bands' reduction (bandReduction of renderTexture())
 * @param {{map: string, onBand: (report: object) => void, signal: AbortSignal}} viewer the map to draw from each
 *   band (bands not carrying it are reported too), and leaving: aborting `signal` rejects with its reason
 * @returns {Promise<object>} the maps: a new object per element, the arrays shared
 */
export function sharedTextureRender(params, reduction, { map, onBand, signal }) {
  const key = `${params.kind}/${params.size}/${params.seed}/${reduction}`;
  let shared = inFlight.get(key);
  if (!shared) {
    const controller = new AbortController();
    const created = { viewers: new Set(), maps: new Set(), controller, result: undefined };
    created.result = Promise.resolve().then(() => renderTexture(params, {
      signal: controller.signal, bandReduction: reduction, bandMaps: TEXTURE_MAPS.filter((m) => created.maps.has(m)),
      onProgress: (report) => { for (const joined of created.viewers) joined.onBand(report); },
    })).finally(() => {
      if (inFlight.get(key) === created) inFlight.delete(key);
    });
    created.result.catch(() => {});   // each viewer handles the failure through its own promise
    inFlight.set(key, created);
    shared = created;
  }
  const joined = { onBand };
  shared.viewers.add(joined);
  shared.maps.add(map);
  const { viewers, controller, result } = shared;
  return new Promise((resolve, reject) => {
    const leave = () => {
      viewers.delete(joined);
      reject(signal.reason);
      if (viewers.size > 0) return;
      if (inFlight.get(key) === shared) inFlight.delete(key);
      controller.abort(signal.reason);
    };
    signal.addEventListener('abort', leave, { once: true });
    result.then((maps) => resolve({ ...maps }), reject).finally(() => {
      signal.removeEventListener('abort', leave);
      viewers.delete(joined);
    });
  });
}
