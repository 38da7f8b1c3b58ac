// The digest test.sh prints at the end of a failed run: each failing test's name and error, from TAP.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { failuresOf } from '../failure-digest.mjs';

test('a real failing run: the failing subtest with its message, not its parent or the tests that passed', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'digest-'));
  const file = path.join(dir, 'sample.test.mjs');
  writeFileSync(file, `import { test } from 'node:test'; import assert from 'node:assert/strict';
test('outer', async (t) => { await t.test('inner', () => assert.deepEqual([33.3], [], 'no gap over 20 ms: window 1: 33.3')); });
test('passes', () => {});
test('throws', () => { throw new Error('plain error'); });\n`);
  const tap = path.join(dir, 'sample.tap');
  // Without NODE_TEST_CONTEXT, which would make the inner run report to this one instead of to its file.
  const { NODE_TEST_CONTEXT, ...env } = process.env;
  const run = spawnSync(process.execPath, ['--test', '--test-reporter=tap', `--test-reporter-destination=${tap}`, file], { encoding: 'utf8', env });
  assert.notEqual(run.status, 0);
  const failures = failuresOf(readFileSync(tap, 'utf8'));
  assert.deepEqual(failures.map((f) => f.name), ['inner', 'throws']);
  assert.match(failures[0].error, /^no gap over 20 ms: window 1: 33\.3$/m);
  assert.match(failures[1].error, /plain error/);
});

test('a run that passed has nothing to say', () => {
  assert.deepEqual(failuresOf('TAP version 13\nok 1 - fine\n  ---\n  duration_ms: 1\n  ...\n1..1\n'), []);
});
