// The module-size table of a bench's extras (Node only): each wasm build's raw
// and gzip -9 size and the start of its sha256, against the gzip limit.
// bench/native/argon2.mjs, bench/texture-report.js and bench/notes-sizes.js.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The 'sizes' table of `module`'s builds in `folder` (repository-relative: <module>.wasm, <module>.simd.wasm, ...),
 * each held to `limits[name]` (gzip bytes) where there is one.
 */
export function moduleSizesTable(root, { folder, module, limits = {} }) {
  const pattern = new RegExp(`^${module}(\\.[a-z]+)?\\.wasm$`);
  let files = [];
  try {
    files = readdirSync(path.join(root, folder)).filter((f) => pattern.test(f)).sort();
  } catch {
    // Not built yet: the table says so.
  }
  const data = files.map((file) => {
    const bytes = readFileSync(path.join(root, folder, file));
    const gzip = gzipSync(bytes, { level: 9 }).length;
    const limit = limits[file] ?? null;
    return { file: `${folder}/${file}`, raw: bytes.length, gzip, sha256: createHash('sha256').update(bytes).digest('hex').slice(0, 16),
      limitGzip: limit, withinLimit: limit === null ? null : gzip <= limit };
  });
  return {
    id: 'sizes',
    title: 'module sizes (gzip -9)',
    columns: ['file', 'raw bytes', 'gzip bytes', 'sha256', 'limit'],
    align: ['left', 'right', 'right', 'left', 'left'],
    rows: data.length
      ? data.map((r) => [r.file, r.raw, r.gzip, r.sha256, r.limitGzip === null ? '' : `${r.withinLimit ? 'ok' : 'OVER'} (gzip <= ${r.limitGzip})`])
      : [[`${folder}/${module}*.wasm not built (sh scripts/build.sh)`, '', '', '', '']],
    data,
  };
}
