// Wasm loading both sides share: whether the engine has SIMD, and compiling
// a module from its URL.
import { namedError } from './errors.js';

// The smallest module that uses a v128 instruction: (func (result v128) (v128.const 0)).
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b,
  0x03, 0x02, 0x01, 0x00, 0x0a, 0x16, 0x01, 0x14, 0x00, 0xfd, 0x0c, 0x00, 0x00, 0x00, 0x00,
  0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0b,
]);

let simdSupport;
/** Whether this engine accepts wasm SIMD; checked once per page. */
export function simdSupported() {
  simdSupport ??= typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
  return simdSupport;
}

/** compileStreaming where the server sends application/wasm, else a buffer compile. */
export async function compileFromUrl(url) {
  let response;
  try {
    response = await fetch(url);
  } catch (cause) {   // offline, or a server of another origin that sends no CORS header
    throw namedError('WasmLoadError', `could not load ${url}: ${cause?.message ?? cause}`);
  }
  if (!response.ok) {
    throw namedError('WasmLoadError', `could not load ${url}: HTTP ${response.status}`);
  }
  const type = response.headers.get('content-type') || '';
  if (WebAssembly.compileStreaming && type.startsWith('application/wasm')) {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}
