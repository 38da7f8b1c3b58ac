// The worker side of the protocol (worker/runtime/host.js), driven in this
// thread: `self` is a stand-in that records what the worker posts.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const posted = [];
globalThis.self = { postMessage: (message, transfer = []) => posted.push({ message, transfer }) };
const { serve } = await import('../../worker/runtime/host.js');

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

serve({
  factory: async () => { throw new Error('no wasm in this test'); },
  selfTest: () => false,
  backend: () => ({}),
  fallback: { path: 'js', load: async () => ({}) },
  ops: () => ({
    report(args, job) {
      const band = new Uint8Array([1, 2, 3]);
      job.progress(0.5);
      job.progress({ done: 1, total: 2, band }, [band.buffer]);
      return 'ok';
    },
  }),
});

test('job.progress posts plain values, and moves the buffers of its optional transfer list', async () => {
  globalThis.self.onmessage({ data: { type: 'init', force: 'fallback' } });
  await settle();
  const { startupMs, heapBytes, ...ready } = posted.shift().message;
  assert.deepEqual(ready, { type: 'ready', path: 'js' });
  assert.equal(heapBytes, 0, 'a fallback without wasm holds no wasm heap');
  assert.ok(startupMs >= 0, 'the ready message says how long the worker took to instantiate and self-test');
  globalThis.self.onmessage({ data: { type: 'call', id: 7, op: 'report', args: {} } });
  await settle();
  const [plain, band, reply] = posted.splice(0);
  assert.deepEqual(plain, { message: { type: 'progress', id: 7, value: 0.5 }, transfer: [] });
  assert.equal(band.message.type, 'progress');
  assert.equal(band.message.id, 7);
  assert.deepEqual({ ...band.message.value, band: [...band.message.value.band] }, { done: 1, total: 2, band: [1, 2, 3] });
  assert.deepEqual(band.transfer, [band.message.value.band.buffer], 'the band\'s buffer is in the transfer list');
  const { ms, heapBytes: replyHeap, ...rest } = reply.message;
  assert.equal(replyHeap, 0);
  assert.deepEqual(rest, { type: 'reply', id: 7, ok: true, result: 'ok' });
  assert.ok(ms >= 0, 'the reply says how long the handler took');
});

test('a job called without progress wanted posts its reply alone: no progress message', async () => {
  posted.splice(0);
  globalThis.self.onmessage({ data: { type: 'call', id: 8, op: 'report', args: {}, progress: false } });
  await settle();
  assert.deepEqual(posted.map(({ message }) => message.type), ['reply']);
  assert.equal(posted[0].message.result, 'ok');
});
