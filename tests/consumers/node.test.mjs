// The package in Node, installed from the tarball into a fresh project:
// importing the elements where there is no DOM throws nothing and defines
// nothing (server-side rendering), and the API runs from an ES module and from
// CommonJS in worker_threads, with answers equal to libsodium-wrappers'.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import sodium from 'libsodium-wrappers-sumo';
import { makeProject, removeTemps, runIn } from './helpers.mjs';

await sodium.ready;
const SALT = Uint8Array.from({ length: 16 }, (_, i) => i * 7);
const DEVICE_KEY = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
const hex = (bytes) => Buffer.from(bytes).toString('hex');

// One script body for both module systems: `load` imports or requires the API.
const script = (load) => `${load}
const hex = (bytes) => Buffer.from(bytes).toString('hex');
const salt = Uint8Array.from({ length: 16 }, (_, i) => i * 7);
const deviceKey = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
(async () => {
  const out = {};
  out.key = hex(await api.argon2id({ password: 'Mondschein', salt, t: 2, m: 2048 }));
  out.liveAfterFirst = api.liveWorkerCount();
  out.keyAgain = hex(await api.argon2id({ password: 'Mondschein', salt, t: 2, m: 2048 }));
  out.keyP4 = hex(await api.argon2id({ password: 'Mondschein', salt, t: 1, m: 4096, p: 4 }));
  out.argon2Path = api.enginePath('argon2');
  const hash = await api.pwhashStr('Mondschein', { t: 1, m: 1024 });
  out.hash = hash;
  out.verifies = [await api.pwhashVerify(hash, 'Mondschein'), await api.pwhashVerify(hash, 'Mondscheim')];
  const sealed = await api.sealNotes([{ id: 'n1', title: 'Quarterly', body: 'report über alles' }, { id: 'n2', title: 'k8s', body: 'kubernetes upgrade' }], deviceKey);
  out.sealed = sealed;
  out.opened = await api.openNotes(sealed, deviceKey);
  const wrapped = await api.wrapKey(deviceKey, salt.length === 16 ? new Uint8Array(32).fill(9) : null);
  out.unwrapped = hex(await api.unwrapKey(wrapped, new Uint8Array(32).fill(9)));
  out.wrongKey = await api.unwrapKey(wrapped, new Uint8Array(32).fill(8)).then(() => 'opened', (e) => e.name);
  out.badSalt = await api.argon2id({ password: 'x', salt: new Uint8Array(4) }).then(() => 'accepted', (e) => e.name + ': ' + e.message);
  const index = await api.createSearchIndex(['quarterly report', 'kubernetes upgrade', 'garden']);
  out.search = Array.from((await index.search('kubernets')).indices);
  index.destroy();
  const controller = new AbortController();
  const aborted = api.argon2id({ password: 'x', salt, t: 50, m: 65536 }, { signal: controller.signal });
  setTimeout(() => controller.abort(), 50);
  out.aborted = await aborted.then(() => 'finished', (e) => e.name);
  // A finished job's worker lingers 500 ms for a job in a row; waiting past that makes the count below
  // independent of how fast this machine ran the steps since the last verify.
  await new Promise((resolve) => setTimeout(resolve, 700));
  out.liveWorkers = api.liveWorkerCount();
  console.log(JSON.stringify(out));
})().catch((error) => { console.error(error); process.exit(1); });
`;

let project;
before(async () => {
  project = await makeProject('node', {
    'esm.mjs': script("import * as api from 'memento-elements/api';"),
    'cjs.cjs': script("const api = require('memento-elements/api');"),
    'ssr.mjs': `import * as elements from 'memento-elements';
console.log(JSON.stringify({ exports: Object.keys(elements).length, customElements: typeof customElements, argon2id: typeof elements.argon2id }));`,
  });
});
after(() => removeTemps());

function checkAnswers(out) {
  assert.equal(out.key, hex(sodium.crypto_pwhash(32, 'Mondschein', SALT, 2, 2048 * 1024, sodium.crypto_pwhash_ALG_ARGON2ID13)),
    'argon2id equals libsodium-wrappers');
  assert.equal(out.argon2Path, 'simd');
  assert.equal(out.liveAfterFirst, 2, 'when a job ends, the worker of a next job like it is readied, and the job\'s own worker lingers for a job in a row (nothing else lives)');
  assert.equal(out.keyAgain, out.key, 'the job on the readied worker gives the same tag');
  assert.equal(out.keyP4.length, 64);
  assert.ok(sodium.crypto_pwhash_str_verify(out.hash, 'Mondschein'), 'libsodium accepts the $argon2id$ string');
  assert.deepEqual(out.verifies, [true, false]);
  const opened = out.sealed.map((note) => {
    const open = (field, ad, key) => {
      const bytes = sodium.from_base64(note[field], sodium.base64_variants.ORIGINAL);
      return sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(null, bytes.subarray(24), ad, bytes.subarray(0, 24), key);
    };
    const keyBytes = sodium.from_base64(note.key, sodium.base64_variants.ORIGINAL);
    const noteKey = sodium.crypto_secretbox_open_easy(keyBytes.subarray(24), keyBytes.subarray(0, 24), DEVICE_KEY);
    return { id: note.id, title: sodium.to_string(open('title', `title:${note.id}`, noteKey)), body: sodium.to_string(open('body', `body:${note.id}`, noteKey)) };
  });
  assert.deepEqual(opened, [{ id: 'n1', title: 'Quarterly', body: 'report über alles' }, { id: 'n2', title: 'k8s', body: 'kubernetes upgrade' }],
    'libsodium opens the sealed notes');
  assert.deepEqual(out.opened, opened, 'openNotes gives what libsodium gives');
  assert.equal(out.unwrapped, hex(DEVICE_KEY));
  assert.equal(out.wrongKey, 'WrongKeyError');
  assert.match(out.badSalt, /^RangeError: salt/);
  assert.deepEqual(out.search, [1]);
  assert.equal(out.aborted, 'AbortError');
  // Once the last verify's worker has stopped lingering, three workers stay, idle: the shared notes worker, the
  // argon2 standby readied for a next job and the search standby readied when the index was destroyed (its own
  // worker lingered 500 ms for a next index, then went). Being
  // idle, they do not keep Node running (the exit shows it). The aborted job left nothing lingering.
  assert.equal(out.liveWorkers, 3, 'jobs ended their own workers; the shared notes worker, one argon2 and one search standby idle');
}

test('the API in Node from an ES module equals libsodium-wrappers, and the process exits by itself', async () => {
  const { code, output } = await runIn(project, process.execPath, ['esm.mjs'], { timeout: 60000 });
  assert.equal(code, 0, output);
  checkAnswers(JSON.parse(output.trim().split('\n').at(-1)));
});

test('the API in Node from CommonJS (require) equals libsodium-wrappers, and the process exits by itself', async () => {
  const { code, output } = await runIn(project, process.execPath, ['cjs.cjs'], { timeout: 60000 });
  assert.equal(code, 0, output);
  checkAnswers(JSON.parse(output.trim().split('\n').at(-1)));
});

test('importing the elements where there is no DOM (server-side rendering) throws nothing and defines nothing', async () => {
  const { code, output } = await runIn(project, process.execPath, ['ssr.mjs'], { timeout: 30000 });
  assert.equal(code, 0, output);
  assert.deepEqual(JSON.parse(output.trim()), { exports: JSON.parse(output.trim()).exports, customElements: 'undefined', argon2id: 'function' });
  assert.ok(JSON.parse(output.trim()).exports > 10);
});
