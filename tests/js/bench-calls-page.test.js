// The calls bench's page build (bench/calls/page-build.mjs): our API bundled into it for the "app" contender as an
// app's bundler makes it, in a chunk of its own that only that contender's first call fetches, with the workers and
// wasm the bundled code finds beside it through import.meta.url.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildCallsPage } from '../../bench/calls/page-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = mkdtempSync(path.join(os.tmpdir(), 'memento-calls-page-'));
after(() => rmSync(out, { recursive: true, force: true }));

// Needs dist/ built (npm run build), as the suite's other tests of the package do.
test('the calls page bundles our API apart, loaded by a dynamic import only, its workers and wasm beside it', async () => {
  await buildCallsPage(root, out);
  const scripts = readdirSync(out).filter((f) => f.endsWith('.js'));
  const apiChunks = scripts.filter((f) => readFileSync(path.join(out, f), 'utf8').includes('workers/argon2.js'));
  assert.equal(apiChunks.length, 1, `one chunk holds the API: ${apiChunks.join(', ')}`);
  const [apiChunk] = apiChunks;
  assert.notEqual(apiChunk, 'page.js', 'the API is not in the page itself');
  const page = readFileSync(path.join(out, 'page.js'), 'utf8');
  assert.ok(page.includes(`import("./${apiChunk}")`), 'the page imports the API chunk dynamically');
  assert.ok(!new RegExp(`^import[^;]*"\\./${apiChunk.replace('.', '\\.')}"`, 'm').test(page), 'and not statically');
  for (const module of JSON.parse(readFileSync(path.join(root, 'modules.json'), 'utf8')).modules.map((m) => m.name)) {
    assert.ok(existsSync(path.join(out, 'workers', `${module}.js`)), `workers/${module}.js beside the chunks`);
  }
  assert.ok(readdirSync(path.join(out, 'wasm')).some((f) => f.endsWith('.simd.wasm')), 'wasm/ beside the chunks');
  assert.ok(existsSync(path.join(out, 'index.html')));
});
