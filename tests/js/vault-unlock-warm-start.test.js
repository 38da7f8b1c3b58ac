// <vault-unlock>'s warm start bookkeeping (components/internal/argon2-warm-start.js),
// with a recording stand-in for warmArgon2(): one worker per parameters while
// typing, handed to the attempt that matches, let go otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WarmStart } from '../../components/internal/argon2-warm-start.js';

function recorder() {
  const log = [];
  let started = 0;
  const start = ({ m, p }) => {
    const handle = { id: started++, release: () => log.push(`release ${handle.id}`) };
    log.push(`start ${handle.id} m=${m} p=${p}`);
    return handle;
  };
  return { log, start };
}

test('keystrokes with the same parameters keep one worker, which the matching attempt takes', () => {
  const { log, start } = recorder();
  const warm = new WarmStart(start);
  for (let i = 0; i < 5; i++) warm.prepare({ m: 1024, p: 1 });
  const handle = warm.take({ m: 1024, p: 1 });
  assert.equal(handle.id, 0);
  assert.equal(warm.active, false);
  assert.equal(warm.take({ m: 1024, p: 1 }), undefined, 'taken once');
  warm.release();
  assert.deepEqual(log, ['start 0 m=1024 p=1'], 'the taken worker is the job\'s to end, not released here');
});

test('new parameters replace the worker; an attempt with other parameters lets it go and gets none', () => {
  const { log, start } = recorder();
  const warm = new WarmStart(start);
  warm.prepare({ m: 1024, p: 1 });
  warm.prepare({ m: 2048, p: 1 });
  assert.equal(warm.take({ m: 4096, p: 1 }), undefined);
  assert.deepEqual(log, ['start 0 m=1024 p=1', 'release 0', 'start 1 m=2048 p=1', 'release 1']);
});

test('a worker nobody takes is let go after the idle time, and release() is idempotent', async () => {
  const { log, start } = recorder();
  const warm = new WarmStart(start, { idleMs: 20 });
  warm.prepare({ m: 1024, p: 2 });
  await new Promise((resolve) => setTimeout(resolve, 10));
  warm.prepare({ m: 1024, p: 2 });   // typing again re-arms the timer
  await new Promise((resolve) => setTimeout(resolve, 15));
  assert.equal(warm.active, true, 'still there 25 ms after the first keystroke: the second re-armed it');
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.equal(warm.active, false);
  warm.release();
  assert.deepEqual(log, ['start 0 m=1024 p=2', 'release 0']);
});
