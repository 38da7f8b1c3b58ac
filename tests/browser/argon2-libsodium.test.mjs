// argon2id(), pwhashStr() and pwhashVerify() in the page give exactly what
// libsodium-wrappers-sumo gives in the same page: random parameters, and text
// passwords hashed as their exact UTF-8 bytes (accents, emoji, combining
// marks, NUL; no normalisation).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { liveWorkersAfterLinger, openBrowser, skipUnless } from './harness.mjs';
import { seededRandom } from '../../fixtures/seeded-random.mjs';

const SEED = Number(process.env.SEED ?? Date.now() % 1e9);

const TEXTS = [
  'café crème, déjà vu, naïve',
  '🔐🌙🌿 night garden 🦉',
  'e\u0301\u0301 stacked combining marks a\u0308\u0304',
  '\u00e9', 'e\u0301',          // the same letter, NFC and NFD: different bytes, different tags
  'nul\u0000inside\u0000',
  '',
  'Ωμέγα · 夜の庭 · ночной сад',
];

function cases(seed) {
  const random = seededRandom(seed);   // seeded, so a failing case can be replayed with SEED=...
  const pick = (list) => list[Math.floor(random() * list.length)];
  const bytes = (n) => Array.from({ length: n }, () => Math.floor(random() * 256));
  const out = TEXTS.map((password) => ({ password }));
  for (let i = 0; i < 4; i++) out.push({ bytes: bytes(Math.floor(random() * 129)) });
  return out.map((c) => ({
    ...c,
    salt: bytes(16),
    t: 1 + Math.floor(random() * 3),
    m: pick([8, 16, 64, 256, 1024, 2048]),
    length: pick([16, 32, 33, 64, 128]),
  }));
}

let browser;
let page;
before(async () => {
  browser = await openBrowser();
  page = await browser.newPage();
  await page.evaluate(async () => {
    const { default: sodium } = await import('libsodium-wrappers-sumo');
    await sodium.ready;
    window.sodium = sodium;
  });
});
after(async () => { await browser?.close(); });

test(`argon2id() equals libsodium crypto_pwhash on random inputs, UTF-8 passwords included (SEED=${SEED})`, async () => {
  const results = await page.evaluate(async (list) => {
    const { sodium, memento } = window;
    const hex = (a) => Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
    const out = [];
    for (const c of list) {
      const password = c.bytes ? new Uint8Array(c.bytes) : c.password;
      const salt = new Uint8Array(c.salt);
      const ours = await memento.argon2id({ password, salt, t: c.t, m: c.m, p: 1, length: c.length });
      const utf8 = c.bytes ? password : new TextEncoder().encode(password);
      const theirs = sodium.crypto_pwhash(c.length, utf8, salt, c.t, c.m * 1024, sodium.crypto_pwhash_ALG_ARGON2ID13);
      out.push({ label: c.bytes ? `${c.bytes.length} random bytes` : JSON.stringify(c.password), t: c.t, m: c.m, length: c.length,
        ours: hex(ours), theirs: hex(theirs), stillOurs: salt.every((b, i) => b === c.salt[i]) });
    }
    return out;
  }, cases(SEED));
  for (const r of results) {
    assert.equal(r.ours, r.theirs, `${r.label} t=${r.t} m=${r.m} length=${r.length}`);
    assert.equal(r.ours.length, r.length * 2);
    assert.ok(r.stillOurs, 'the caller\'s salt is not touched');
  }
  const nfc = results.find((r) => r.label === JSON.stringify('\u00e9'));
  const nfd = results.find((r) => r.label === JSON.stringify('e\u0301'));
  assert.ok(nfc && nfd);
  assert.notEqual(nfc.ours, nfd.ours, 'é and e + combining acute are different bytes, so different tags');
  // A page's Argon2id workers end 500 ms after a job that succeeded (argon2LingerMs, api/runtime/platform.js).
  assert.equal(await liveWorkersAfterLinger(page), 0, 'every one-shot worker is gone (a standby for a next job may stay)');
});

test('pwhashStr() strings verify in libsodium and libsodium\'s verify in pwhashVerify(); wrong passwords are refused', async () => {
  const r = await page.evaluate(async () => {
    const { sodium, memento } = window;
    const password = 'Grüße aus dem Nachtgarten 🌒\u0000!';
    const ours = await memento.pwhashStr(password, { t: 2, m: 256, p: 1 });
    const theirs = sodium.crypto_pwhash_str(password, 2, 256 * 1024);
    return {
      ours,
      oursInSodium: sodium.crypto_pwhash_str_verify(ours, password),
      oursWrongInSodium: sodium.crypto_pwhash_str_verify(ours, 'Grüße aus dem Nachtgarten 🌒'),
      theirsInOurs: await memento.pwhashVerify(theirs, password),
      theirsWrongInOurs: await memento.pwhashVerify(theirs, `${password} `),
      bytesInOurs: await memento.pwhashVerify(theirs, new TextEncoder().encode(password)),
    };
  });
  assert.match(r.ours, /^\$argon2id\$v=19\$m=256,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  assert.deepEqual({ ...r, ours: undefined }, {
    ours: undefined, oursInSodium: true, oursWrongInSodium: false, theirsInOurs: true, theirsWrongInOurs: false, bytesInOurs: true,
  });
});

// libsodium has no p > 1: the reference here is hash-wasm, in Node. On an isolated page the lanes run in parallel
// threads: the page starts the lane workers beside the argon2 worker (api/modules/argon2.js `helpers`), which
// warmArgon2() readies; each job in a row then runs on the last one's lingering worker and its kept stage
// (worker/argon2-ops.js).
test('p = 4 jobs in a row on an isolated page, on lane workers the page started and the kept parallel stage, equal hash-wasm', async (t) => {
  const { argon2id: hashWasm } = await import('hash-wasm');
  const isolated = await browser.newPage({ isolated: true });
  try {
    const salt = Array.from({ length: 16 }, (_, i) => i * 3);
    const jobs = ['first', 'second', 'third', 'fourth'].map((password, i) => ({ password, t: 1 + (i % 2), m: 4096 }));
    const threads = await isolated.evaluate(async () => {
      window.warm = window.memento.warmArgon2({ m: 4096, p: 4 });
      await window.warm.ready;
      return Math.min(4, navigator.hardwareConcurrency);
    });
    await t.test('the browser lists the argon2 worker and a lane worker for every other thread', async (st) => {
      if (!skipUnless(st, browser.engine, 'workerTargets')) return;
      assert.ok(threads >= 2, `${threads} threads: this check needs two cores`);
      assert.equal(await isolated.workerTargets(), threads);
    });
    const tags = await isolated.evaluate(async ({ jobs, salt }) => {
      const out = { crossOriginIsolated };
      out.tags = [];
      for (const job of jobs) {
        const tag = await window.memento.argon2id({ ...job, salt: new Uint8Array(salt), p: 4 }, { warm: window.warm });
        out.tags.push(Array.from(tag, (byte) => byte.toString(16).padStart(2, '0')).join(''));
      }
      return out;
    }, { jobs, salt });
    assert.equal(tags.crossOriginIsolated, true);
    const expected = await Promise.all(jobs.map((job) => hashWasm({ password: job.password, salt: new Uint8Array(salt),
      iterations: job.t, memorySize: job.m, parallelism: 4, hashLength: 32, outputType: 'hex' })));
    assert.deepEqual(tags.tags, expected);
  } finally {
    await isolated.close();
  }
});

// p = 1 on an isolated page, where the argon2 worker also has the lanes build: a first call, a job on a worker
// readied by warmArgon2 (its memory taken ahead), and a job on the standby readied after a job, after its linger.
test('p = 1 jobs on an isolated page, first, readied and after idle, equal hash-wasm', async () => {
  const { argon2id: hashWasm } = await import('hash-wasm');
  const isolated = await browser.newPage({ isolated: true });
  try {
    const salt = Array.from({ length: 16 }, (_, i) => 255 - i);
    const jobs = [{ password: 'first', t: 2, m: 16384 }, { password: 'readied', t: 1, m: 8192 }, { password: 'after idle', t: 3, m: 16384 }];
    const tags = await isolated.evaluate(async ({ jobs, salt }) => {
      const hex = (tag) => Array.from(tag, (byte) => byte.toString(16).padStart(2, '0')).join('');
      const { argon2id, warmArgon2 } = window.memento;
      const run = (job, options) => argon2id({ ...job, salt: new Uint8Array(salt), p: 1 }, options).then(hex);
      const out = { crossOriginIsolated, tags: [await run(jobs[0])] };
      const warm = warmArgon2({ m: jobs[1].m, p: 1 });
      await warm.ready;
      out.tags.push(await run(jobs[1], { warm }));
      await new Promise((resolve) => setTimeout(resolve, 1500));   // the job's worker has gone, the standby is up
      out.tags.push(await run(jobs[2]));
      return out;
    }, { jobs, salt });
    assert.equal(tags.crossOriginIsolated, true);
    const expected = await Promise.all(jobs.map((job) => hashWasm({ password: job.password, salt: new Uint8Array(salt),
      iterations: job.t, memorySize: job.m, parallelism: 1, hashLength: 32, outputType: 'hex' })));
    assert.deepEqual(tags.tags, expected);
  } finally {
    await isolated.close();
  }
});
