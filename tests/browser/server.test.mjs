// The shared local server: what the demo and these tests rely on.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, test } from 'node:test';
import { argon2id as hashWasmArgon2id } from 'hash-wasm';
import { REPO_ROOT, startServer } from '../../scripts/server.mjs';
import { evaluateWithin, openBrowser, skipUnless } from './harness.mjs';

let server;
before(async () => { server = await startServer(); });
after(async () => { await server?.close(); });

const get = (p, init) => fetch(`${server.url}${p}`, { redirect: 'manual', ...init });

test('listens on 127.0.0.1 on a free port and sends / to the demo', async () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  const home = await get('/');
  assert.equal(home.status, 302);
  assert.equal(home.headers.get('location'), '/demo/');
  const iso = await get('/iso/');
  assert.equal(iso.headers.get('location'), '/iso/demo/');
  const folder = await get('/demo');
  assert.equal(folder.status, 301);
  assert.equal(folder.headers.get('location'), '/demo/');
});

test('serves wasm as application/wasm and scripts as JavaScript, never cached', async () => {
  for (const [p, type] of [['/dist/wasm/argon2.simd.wasm', 'application/wasm'], ['/dist/index.js', 'text/javascript; charset=utf-8'],
    ['/demo/', 'text/html; charset=utf-8'], ['/demo/demo.css', 'text/css; charset=utf-8'], ['/package.json', 'application/json; charset=utf-8']]) {
    const response = await get(p);
    assert.equal(response.status, 200, p);
    assert.equal(response.headers.get('content-type'), type, p);
    assert.equal(response.headers.get('cache-control'), 'no-store', p);
    assert.equal(response.headers.get('cross-origin-embedder-policy'), null, p);
  }
  const head = await get('/dist/wasm/argon2.wasm', { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.ok(Number(head.headers.get('content-length')) > 1000);
});

test('/iso/ adds COOP and COEP to the same files', async () => {
  const response = await get('/iso/dist/wasm/argon2.wasm');
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('cross-origin-opener-policy'), 'same-origin');
  assert.equal(response.headers.get('cross-origin-embedder-policy'), 'require-corp');
  assert.deepEqual(new Uint8Array(await response.arrayBuffer()), new Uint8Array(await (await get('/dist/wasm/argon2.wasm')).arrayBuffer()));
});

test('refuses paths outside the root, dot-folders and other methods', async () => {
  assert.equal((await get('/%2e%2e/%2e%2e/etc/passwd')).status, 404);
  assert.equal((await get('/.git/HEAD')).status, 403);
  assert.equal((await get('/no/such/file.js')).status, 404);
  assert.equal((await get('/demo/', { method: 'POST' })).status, 405);
});

// The raw response, undecoded (fetch would decode it): {status, headers, body}.
function rawGet(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

test('the live demo\'s server (compress) sends text and wasm brotli- or gzip-compressed as the client accepts; the tests\' never', async () => {
  const demo = await startServer({ compress: true });
  try {
    for (const file of ['dist/index.js', 'demo/index.html', 'dist/wasm/argon2.simd.wasm']) {
      const plain = await readFile(path.join(REPO_ROOT, file));
      const br = await rawGet(`${demo.url}/${file.replace(/index\.html$/, '')}`, 'gzip, deflate, br');
      assert.equal(br.headers['content-encoding'], 'br', file);
      assert.equal(Number(br.headers['content-length']), br.body.length, file);
      assert.ok(br.body.length < plain.length * 0.6, `${file}: ${br.body.length} of ${plain.length} bytes`);
      assert.deepEqual(zlib.brotliDecompressSync(br.body), plain, file);
      const gzip = await rawGet(`${demo.url}/iso/${file.replace(/index\.html$/, '')}`, 'gzip;q=1.0, br;q=0');
      assert.equal(gzip.headers['content-encoding'], 'gzip', file);
      assert.equal(gzip.headers['cross-origin-embedder-policy'], 'require-corp', file);
      assert.deepEqual(zlib.gunzipSync(gzip.body), plain, file);
      const none = await rawGet(`${demo.url}/${file}`);
      assert.equal(none.headers['content-encoding'], undefined, file);
      assert.deepEqual(none.body, plain, file);
      const tests = await rawGet(`${server.url}/${file}`, 'gzip, deflate, br');
      assert.equal(tests.headers['content-encoding'], undefined, file);
      assert.deepEqual(tests.body, plain, file);
    }
  } finally {
    await demo.close();
  }
});

// In the page: a 64 KiB tag with one lane, a 256 KiB one with four (in parallel where the page may share memory
// with workers, else one after another), and what the page can share. Each stage is named in window.step.
async function hashOneLaneAndFour(where) {
  globalThis.mementoTimeline = true;
  const onProgress = (value) => { window.progress = value; };
  const salt = new Uint8Array(16);
  window.step = `${where}: m=64, one lane`;
  const tag = Array.from(await window.memento.argon2id({ password: 'x', salt, t: 1, m: 64, length: 16 }, { onProgress }));
  window.step = `${where}: m=256, four lanes`;
  const lanes = Array.from(await window.memento.argon2id({ password: 'x', salt, t: 1, m: 256, p: 4, length: 16 }, { onProgress }));
  window.step = `${where}: done`;
  return {
    isolated: self.crossOriginIsolated,
    shared: typeof SharedArrayBuffer === 'function',
    sharedMemory: new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true }).buffer.constructor.name,
    tag,
    lanes,
  };
}

test('a page under /iso/ is crossOriginIsolated and argon2id gives the same tags there, with one lane and with four', async (t) => {
  const browser = await openBrowser();
  try {
    const page = await browser.newPage({ isolated: true });
    // A stage that hangs fails within 90 s saying which one, with the page's workers and timeline (Firefox
    // under CI's load once gave only the driver's own timeout, after 180 s).
    const seen = await evaluateWithin(page, 90_000, hashOneLaneAndFour, 'isolated');
    assert.equal(seen.isolated, true);
    assert.equal(seen.sharedMemory, 'SharedArrayBuffer', 'shared wasm memory is available');
    await t.test('the global SharedArrayBuffer is defined', (st) => {
      if (!skipUnless(st, browser.engine, 'sharedArrayBufferGlobal')) return;
      assert.equal(seen.shared, true);
    });
    assert.equal(seen.tag.length, 16);
    const plain = await browser.newPage();
    const { isolated, tag, lanes } = await evaluateWithin(plain, 90_000, hashOneLaneAndFour, 'plain');
    const plainSeen = { isolated, tag, lanes };
    assert.deepEqual(plainSeen, { isolated: false, tag: seen.tag, lanes: seen.lanes });
    const fourLanes = await hashWasmArgon2id({ password: 'x', salt: new Uint8Array(16), iterations: 1, memorySize: 256, parallelism: 4,
      hashLength: 16, outputType: 'binary' });
    assert.deepEqual(seen.lanes, Array.from(fourLanes), 'p=4 equals an independent Argon2id (hash-wasm)');
  } finally {
    await browser.close();
  }
});
