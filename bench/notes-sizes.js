// Node-only part of the notes bench: the module sizes against the issue's
// limit (notes.simd.wasm at most 20 KB gzip).
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const LIMIT_GZIP = { 'notes.simd.wasm': 20 * 1024 };

export function tables({ root }) {
  const dir = path.join(root, 'build/wasm/out');
  let files = [];
  try {
    files = readdirSync(dir).filter((f) => /^notes(\.simd)?\.wasm$/.test(f)).sort();
  } catch {
    // not built: said below
  }
  const data = files.map((file) => {
    const bytes = readFileSync(path.join(dir, file));
    const gzip = gzipSync(bytes, { level: 9 }).length;
    const limit = LIMIT_GZIP[file] ?? null;
    return { file, raw: bytes.length, gzip, sha256: createHash('sha256').update(bytes).digest('hex').slice(0, 16),
      limitGzip: limit, withinLimit: limit === null ? null : gzip <= limit };
  });
  return [{
    id: 'sizes',
    title: 'module sizes (gzip -9)',
    columns: ['file', 'raw bytes', 'gzip bytes', 'sha256', 'limit'],
    align: ['left', 'right', 'right', 'left', 'left'],
    rows: data.length
      ? data.map((r) => [r.file, r.raw, r.gzip, r.sha256, r.limitGzip === null ? '' : `${r.withinLimit ? 'ok' : 'OVER'} (gzip <= ${r.limitGzip})`])
      : [['build/wasm/out/notes*.wasm not built (sh scripts/build.sh)', '', '', '', '']],
    data,
  }];
}
