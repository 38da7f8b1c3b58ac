// The static server shared by the demo (scripts/serve.mjs) and the browser
// tests: the repository root on 127.0.0.1, nothing cached, wasm served as
// application/wasm (so compileStreaming works). Paths under /iso/ are the same
// files with COOP/COEP, so that the page is crossOriginIsolated
// (SharedArrayBuffer, parallel lanes, precise timers). `/` goes to the demo.
// With `compress` (the live demo, scripts/serve.mjs, and Lighthouse's run of
// it) text and wasm go out brotli- or gzip-compressed, as a real host sends
// them; the tests and benchmarks keep the plain bytes, which their byte
// counts (bench/calls) are recorded in.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp',
  '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8', '.md': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = /^(text\/|application\/(json|wasm)|image\/svg)/;
const ENCODERS = {
  br: promisify((data, done) => zlib.brotliCompress(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }, done)),
  gzip: promisify((data, done) => zlib.gzip(data, { level: 9 }, done)),
};
const ISOLATION = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Starts the server. `port` 0 (the default) picks a free one.
 * @returns {Promise<{url: string, port: number, close: () => Promise<void>}>}
 */
export async function startServer({ root = REPO_ROOT, port = 0, host = '127.0.0.1', log = false, compress = false } = {}) {
  const compressed = compress ? new Map() : null;   // path -> {key, encoding, body}: each file compressed once per change
  const server = http.createServer((req, res) => {
    handle(root, req, res, compressed).catch((error) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`server error: ${error.message}`);
    }).finally(() => {
      if (log) console.log(`${res.statusCode} ${req.method} ${req.url}`);
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => { server.off('error', reject); resolve(); });
  });
  const actual = server.address().port;
  return {
    url: `http://${host}:${actual}`,
    port: actual,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

async function handle(root, req, res, compressed) {
  const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
    return;
  }
  const url = new URL(req.url, 'http://localhost');
  let pathname;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    res.writeHead(400, headers).end('bad path');
    return;
  }
  let prefix = '';
  if (pathname === '/iso' || pathname.startsWith('/iso/')) {
    prefix = '/iso';
    pathname = pathname.slice(4) || '/';
    Object.assign(headers, ISOLATION);
  }
  if (pathname === '/') {
    res.writeHead(302, { ...headers, location: `${prefix}/demo/` }).end();
    return;
  }
  const file = path.join(root, path.normalize(pathname));
  // Nothing outside the root, and no dot-folders (.git, .ci) or files.
  if (pathname.includes('\0') || /\/\./.test(pathname) || (file !== root && !file.startsWith(root + path.sep))) {
    res.writeHead(403, headers).end('forbidden');
    return;
  }
  let target = file;
  let info = await stat(target).catch(() => null);
  if (info?.isDirectory()) {
    if (!pathname.endsWith('/')) {
      res.writeHead(301, { ...headers, location: `${prefix}${url.pathname}/${url.search}` }).end();
      return;
    }
    target = path.join(file, 'index.html');
    info = await stat(target).catch(() => null);
  }
  if (!info?.isFile()) {
    res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end(`not found: ${pathname}`);
    return;
  }
  const type = TYPES[path.extname(target).toLowerCase()] ?? 'application/octet-stream';
  const encoding = compressed && COMPRESSIBLE.test(type) ? acceptedEncoding(req.headers['accept-encoding']) : null;
  if (encoding) {
    const body = await compressedBody(compressed, target, info, encoding);
    res.writeHead(200, { ...headers, 'content-type': type, 'content-encoding': encoding, vary: 'accept-encoding', 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  res.writeHead(200, { ...headers, 'content-type': type, 'content-length': info.size });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise((resolve, reject) => {
    createReadStream(target).on('error', reject).on('end', resolve).pipe(res);
  });
}

// br where the client takes it, else gzip, else none (q=0 refuses a coding).
function acceptedEncoding(header = '') {
  const accepted = new Set(header.split(',').map((part) => part.trim().split(';'))
    .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? '')).map(([name]) => name.toLowerCase()));
  return ['br', 'gzip'].find((name) => accepted.has(name)) ?? null;
}

async function compressedBody(cache, file, info, encoding) {
  const key = `${info.mtimeMs}:${info.size}`;
  const cached = cache.get(`${encoding}:${file}`);
  if (cached?.key === key) return cached.body;
  const body = await ENCODERS[encoding](await readFile(file));
  cache.set(`${encoding}:${file}`, { key, body });
  return body;
}
