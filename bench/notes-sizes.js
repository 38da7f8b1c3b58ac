// Node-only part of the notes bench: the module sizes against the issue's
// limit (notes.simd.wasm at most 20 KB gzip).
import { moduleSizesTable } from './lib/module-sizes.mjs';

export function tables({ root }) {
  return [moduleSizesTable(root, { folder: 'build/wasm/out', module: 'notes', limits: { 'notes.simd.wasm': 20 * 1024 } })];
}
