// The extension's icons, drawn at build time: the vault-face texture
// (worker/texture-tables.js, the same bytes as the wasm kernel) rendered once
// at 256 px in Node, lit by its normal map, cut to a rounded square with a
// keyhole, and box-filtered down to 128, 48, 32 and 16 px. PNG written here
// (zlib's deflate and crc32): no image library, nothing fetched.
import { deflateSync, crc32 } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderTextureTables } from '../worker/texture-tables.js';

export const ICON_SIZES = [16, 32, 48, 128];
const BASE = 256;
const SEED = 14;

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** An RGBA PNG (8 bits per channel, no interlace, filter 0 on every row). */
export function encodePng(rgba, width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Coverage (0..1) of the icon's shape at (x, y) in a unit square: a rounded
// square minus a keyhole (a disc over a tapered slot).
function shape(x, y) {
  const r = 0.2;
  const qx = Math.max(Math.abs(x - 0.5) - (0.5 - r), 0);
  const qy = Math.max(Math.abs(y - 0.5) - (0.5 - r), 0);
  if (Math.hypot(qx, qy) > r) return 0;
  const disc = Math.hypot(x - 0.5, y - 0.42) < 0.12;
  const slot = y > 0.42 && y < 0.74 && Math.abs(x - 0.5) < 0.045 + (y - 0.42) * 0.18;
  return disc || slot ? 0.5 : 1;   // the keyhole is dark, not a hole
}

/** The 256 px master: lit texture, rounded corners, keyhole. */
function master() {
  const { albedo, normal } = renderTextureTables({ kind: 'vault-face', size: BASE, seed: SEED });
  const out = new Uint8ClampedArray(BASE * BASE * 4);
  const light = [-0.45, -0.55, 0.7];
  for (let y = 0; y < BASE; y++) {
    for (let x = 0; x < BASE; x++) {
      const i = (y * BASE + x) * 4;
      const n = [normal[i] / 127.5 - 1, normal[i + 1] / 127.5 - 1, normal[i + 2] / 127.5 - 1];
      const lit = Math.max(0.35, n[0] * light[0] + n[1] * light[1] + n[2] * light[2]) * 1.25;
      const cover = shape((x + 0.5) / BASE, (y + 0.5) / BASE);
      const k = cover === 0.5 ? 0.18 : lit;
      out[i] = albedo[i] * k;
      out[i + 1] = albedo[i + 1] * k;
      out[i + 2] = albedo[i + 2] * k;
      out[i + 3] = cover ? 255 : 0;
    }
  }
  return out;
}

/** Box filter from BASE to `size` (premultiplied, so the transparent corners do not darken the edge). */
function downscale(src, size) {
  const out = new Uint8ClampedArray(size * size * 4);
  const step = BASE / size;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0, g = 0, b = 0, a = 0, n = 0;
      for (let sy = Math.floor(y * step); sy < Math.floor((y + 1) * step); sy++) {
        for (let sx = Math.floor(x * step); sx < Math.floor((x + 1) * step); sx++) {
          const i = (sy * BASE + sx) * 4;
          const alpha = src[i + 3] / 255;
          r += src[i] * alpha; g += src[i + 1] * alpha; b += src[i + 2] * alpha; a += alpha; n++;
        }
      }
      const o = (y * size + x) * 4;
      out[o] = a ? r / a : 0;
      out[o + 1] = a ? g / a : 0;
      out[o + 2] = a ? b / a : 0;
      out[o + 3] = Math.round((a / n) * 255);
    }
  }
  return out;
}

/** Writes icons/icon-{size}.png under `dir`; returns the manifest's `icons` object. */
export function writeIcons(dir) {
  mkdirSync(path.join(dir, 'icons'), { recursive: true });
  const big = master();
  const icons = {};
  for (const size of ICON_SIZES) {
    const file = `icons/icon-${size}.png`;
    writeFileSync(path.join(dir, file), encodePng(downscale(big, size), size, size));
    icons[size] = file;
  }
  return icons;
}
