// pwhashVerify() on a hash string from elsewhere (dist/node.js): a string that
// names a cost over the limits is refused at once with a RangeError naming the
// limit, before any worker starts; the limits can be raised per call; and a
// verify readies no next worker for a hash this process did not make.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sodium from 'libsodium-wrappers-sumo';
import { liveWorkerCount, pwhashStr, pwhashVerify } from '../../dist/node.js';

await sodium.ready;
const SALT = 'c2FsdHNhbHRzYWx0c2FsdA';
const HASH = 'aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';
const crafted = ({ t = 1, m = 8192, p = 1 }) => `$argon2id$v=19$m=${m},t=${t},p=${p}$${SALT}$${HASH}`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

test('a hash string over the limits is refused at once, naming the limit, and starts no worker', async () => {
  await settle();
  const before = liveWorkerCount();
  const cases = [
    [{ t: 2 ** 32 - 1 }, /^hash: t=4294967295 is over the limit of 10 passes \(options\.limits\.t raises it/],
    [{ m: 2 ** 21 }, /^hash: m=2097152 is over the limit of 524288 KiB of memory/],
    [{ p: 16 }, /^hash: p=16 is over the limit of 4 lanes/],
  ];
  for (const [params, message] of cases) {
    const started = performance.now();
    const call = pwhashVerify(crafted(params), 'password');
    assert.equal(liveWorkerCount(), before, 'no worker started');
    await assert.rejects(call, (error) => error instanceof RangeError && message.test(error.message));
    assert.ok(performance.now() - started < 200, 'refused at once, not after hashing');
  }
  await assert.rejects(pwhashVerify(crafted({ t: 3 }), 'pw', { limits: { t: 2 } }), /t=3 is over the limit of 2 passes/);
  await assert.rejects(pwhashVerify(crafted({}), 'pw', { limits: { m: 0 } }), (e) => e instanceof RangeError && /options\.limits\.m/.test(e.message));
  await assert.rejects(pwhashVerify('$argon2id$v=19$m=8192,t=1,p=1,x$a$b', 'pw'), (e) => e instanceof TypeError && /^hash: not an/.test(e.message));
  assert.equal(liveWorkerCount(), before);
});

test('raised limits let a costlier hash verify (libsodium\'s string, t = 11)', async () => {
  const theirs = sodium.crypto_pwhash_str('moss lantern', 11, 8192 * 1024);
  await assert.rejects(pwhashVerify(theirs, 'moss lantern'), /t=11 is over the limit of 10/);
  assert.equal(await pwhashVerify(theirs, 'moss lantern', { limits: { t: 11 } }), true);
  assert.equal(await pwhashVerify(theirs, 'moss lanterm', { limits: { t: 11 } }), false);
});

test('a verify readies no next worker for a hash string this process did not make; one it made still does', async () => {
  const theirs = sodium.crypto_pwhash_str('heron', 1, 16384 * 1024);   // m = 16 MiB: no hash of that size made here
  assert.equal(await pwhashVerify(theirs, 'heron'), true);
  await settle();
  assert.equal(liveWorkerCount(), 0, 'no worker kept (or readied) after a foreign hash\'s verify');
  const ours = await pwhashStr('quarry', { t: 1, m: 12288 });
  assert.equal(await pwhashVerify(ours, 'quarry'), true);
  await settle();
  assert.equal(liveWorkerCount(), 2, 'a worker readied for the next hash of the shape it made, and the job\'s lingering');
  await new Promise((resolve) => setTimeout(resolve, 600));
  assert.equal(liveWorkerCount(), 1, 'the job\'s worker gone after its linger; the readied one stays');
});
