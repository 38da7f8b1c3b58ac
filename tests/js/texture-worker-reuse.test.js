// A render's worker lingers for the next render (api/texture.js): renders in a row then run on one worker, its code
// optimized and its kernel's arena taken; once the linger is over it is gone, and the standby readied after the
// render is what a render after idle takes. Through the built Node API (dist/node.js), one process for this file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { endStandbys, liveWorkerCount, renderTexture, standbyWorker } from '../../dist/node.js';
import { renderTextureTables } from '../../worker/texture-tables.js';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');
const digests = (maps) => Object.fromEntries(Object.entries(maps).map(([name, bytes]) => [name, sha(bytes)]));

test('renders in a row run on the first render\'s worker, and give each seed\'s own maps', async () => {
  try {
    const params = { kind: 'stone-wall', size: 96 };
    const first = await renderTexture({ ...params, seed: 1 });
    assert.equal(liveWorkerCount(), 1, 'the render\'s worker lingers; the standby starts only once the caller has its maps');
    const rendering = renderTexture({ ...params, seed: 2 });
    // Counted in the same task: a fresh worker for the second render would make two, beside the lingering one.
    assert.equal(liveWorkerCount(), 1, 'the second render runs on the first one\'s worker');
    const second = await rendering;
    assert.deepEqual(digests(first), digests(renderTextureTables({ ...params, seed: 1 })));
    assert.deepEqual(digests(second), digests(renderTextureTables({ ...params, seed: 2 })));
    const vault = await renderTexture({ kind: 'vault-face', size: 40, seed: 3 });
    assert.deepEqual(digests(vault), digests(renderTextureTables({ kind: 'vault-face', size: 40, seed: 3 })), 'another kind and size on the same worker');
    await sleep(900);
    assert.ok(standbyWorker('texture'), 'a standby was readied after the renders');
    assert.equal(liveWorkerCount(), 1, 'past the linger only the standby stays');
  } finally {
    endStandbys();
  }
});

test('a render aborted mid-way ends its worker at once; a render begun before endStandbys() leaves no worker', async () => {
  try {
    const controller = new AbortController();
    const rendering = renderTexture({ size: 1024, seed: 4 }, { signal: controller.signal, onProgress: () => controller.abort() });
    await assert.rejects(rendering, { name: 'AbortError' });
    await sleep(50);
    assert.equal(liveWorkerCount() - (standbyWorker('texture') ? 1 : 0), 0, 'the aborted render\'s worker was terminated, not kept');
    const running = renderTexture({ size: 64, seed: 5 });
    await sleep(0);   // the render has begun (its arguments are checked in a microtask first)
    endStandbys();
    await running;
    await sleep(700);
    assert.equal(liveWorkerCount(), 0, 'a render begun before endStandbys() (a Lock) readies no standby, and its worker is gone past the linger');
  } finally {
    endStandbys();
  }
});
