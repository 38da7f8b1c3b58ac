// Every error name the shipped code reports is one of common/errors.js's table,
// so the documented table is the whole story.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERRORS, namedError } from '../../common/errors.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHIPPED = ['api', 'common', 'components', 'worker'];

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sources(file) : name.endsWith('.js') ? [file] : [];
  });
}

// namedError('X', …), failure('X', …), throw a built-in, and {name: 'XError'} literals.
const USES = [/namedError\('(\w+)'/g, /failure\('(\w+)'/g, /name: '(\w+Error)'/g, /new (\w*Error)\(/g];

test('every error name the shipped code uses is in the table of common/errors.js', () => {
  const unknown = [];
  let seen = 0;
  for (const file of SHIPPED.flatMap((dir) => sources(path.join(ROOT, dir)))) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of USES) {
      for (const [, name] of text.matchAll(pattern)) {
        seen++;
        if (name !== 'Error' && !Object.hasOwn(ERRORS, name)) unknown.push(`${path.relative(ROOT, file)}: ${name}`);
      }
    }
  }
  assert.ok(seen > 20, `the scan found only ${seen} uses: the patterns no longer match the code`);
  assert.deepEqual(unknown, []);
});

test('namedError refuses a name outside the table and keeps the message', () => {
  assert.throws(() => namedError('StateError', 'x'), { name: 'TypeError', message: /StateError/ });
  const error = namedError('WrongKeyError', 'wrong key');
  assert.equal(error.name, 'WrongKeyError');
  assert.equal(error.message, 'wrong key');
});

test('docs/api.md lists exactly the table of common/errors.js, row for row', () => {
  const docs = readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8');
  const rows = [...docs.matchAll(/^\| `(\w+)` \| (.+) \|$/gm)].filter(([, name]) => name.endsWith('Error'));
  assert.deepEqual(Object.fromEntries(rows.map(([, name, when]) => [name, when])), { ...ERRORS });
});
