// renderTexture()'s `into`: the caller's own buffers for the maps, as a
// ReadableStreamBYOBReader or VideoFrame.copyTo() takes them. Each buffer is
// handed (transferred) to the texture worker, filled there and handed back
// inside the result, so a caller rendering again and again at one size
// allocates no map memory after the first render: fresh memory costs its
// first touch (about 2.4 ns a pixel per map, cpp/texture/NOTES.md), more than
// the copy into a buffer already in use.
import { describe } from './arguments.js';
import { TEXTURE_MAPS } from '../common/constants.js';

/** True when `buffer` was transferred away (`detached` where the engine has it; else its bytes are gone). */
function isDetached(buffer) {
  return buffer.detached ?? buffer.byteLength === 0;
}

/** `into.<map>`: a Uint8ClampedArray over the whole of the caller's ArrayBuffer, of size * size * 4 bytes. */
function targetOf(value, name, bytes) {
  const isView = value instanceof Uint8ClampedArray || value instanceof Uint8Array;
  if (!isView && !(value instanceof ArrayBuffer)) {
    throw new TypeError(`${name} must be a Uint8ClampedArray, Uint8Array or ArrayBuffer, got ${describe(value)}`);
  }
  const buffer = isView ? value.buffer : value;
  if (!(buffer instanceof ArrayBuffer)) {
    throw new TypeError(`${name} must be over an ArrayBuffer (it is handed to the worker and back), got a ${describe(buffer)}`);
  }
  if (isDetached(buffer)) {
    throw new TypeError(`${name} is detached: its buffer went to an earlier render (pass the maps that render resolved with)`);
  }
  if (isView && (value.byteOffset !== 0 || value.byteLength !== buffer.byteLength)) {
    throw new RangeError(`${name} must view its whole buffer (it is handed to the worker and back), got ${value.byteLength}`
      + ` bytes at offset ${value.byteOffset} of ${buffer.byteLength}`);
  }
  if (buffer.byteLength !== bytes) throw new RangeError(`${name} must hold size * size * 4 = ${bytes} bytes, got ${buffer.byteLength}`);
  return new Uint8ClampedArray(buffer);
}

/**
 * The checked targets of `into` for a `size` x `size` render: {map: Uint8ClampedArray} for the maps given (the
 * others are made by the worker), or undefined without `into`. Checked before anything is handed over, so a
 * refused call leaves every buffer with the caller.
 * @param {unknown} into
 * @param {number} size
 * @returns {Record<string, Uint8ClampedArray> | undefined}
 */
export function textureTargets(into, size) {
  if (into === undefined) return undefined;
  if (!into || typeof into !== 'object' || Array.isArray(into)) {
    throw new TypeError(`into must be an object of maps {albedo, normal, roughness, ao, orm}, got ${describe(into)}`);
  }
  for (const key of Object.keys(into)) {
    if (!TEXTURE_MAPS.includes(key)) throw new TypeError(`into.${key} is not a map: into takes ${TEXTURE_MAPS.join(', ')}`);
  }
  const targets = {};
  const owners = new Map();   // buffer -> the map that took it: one buffer cannot be two maps
  for (const map of TEXTURE_MAPS) {
    if (into[map] === undefined) continue;
    const target = targetOf(into[map], `into.${map}`, size * size * 4);
    if (owners.has(target.buffer)) throw new TypeError(`into.${map} shares its buffer with into.${owners.get(target.buffer)}`);
    owners.set(target.buffer, map);
    targets[map] = target;
  }
  return targets;
}
