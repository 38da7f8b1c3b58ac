// common/number-format.js: English numbers written without Intl are what Intl.NumberFormat writes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { englishNumber, formatNumberIn, numberFormatFor } from '../../common/number-format.js';
import { seededRandom } from '../../fixtures/seeded-random.mjs';

const EDGES = [0, -0, 1, -1, 5, 12, 999, 1000, -1000, 5000, 9999, 10000, 99999, 100000, 123456, 1234567, 2 ** 31, 2 ** 53,
  -(2 ** 53), 1e20, 9.99e20, -9.99e20, 0.5, 1.5, 2.5, -2.5, 0.0005, 0.0015, -0.0004, -0.0005, 1.0005, 1234.5678, 0.1 + 0.2,
  999.9995, 999.9994, 0.05, 0.95, 0.25, -0.05, 1e-7, -1e-7, 123.456, 4.35, 1.005, 2.675, 1e15 + 0.3];

function values() {
  const random = seededRandom(33);
  const out = [...EDGES];
  for (let i = 0; i < 20000; i++) {
    const scale = 10 ** Math.floor(random() * 22 - 4);
    out.push((random() - 0.5) * 2 * scale, Math.round(random() * scale), Math.round(random() * 10000) / 1000, Math.round(random() * 100) / 10);
  }
  return out.filter((n) => Math.abs(n) < 1e21);
}

for (const lang of ['en', 'en-US']) {
  test(`${lang}: numberFormatFor() writes what Intl.NumberFormat writes, integers and fractions, edges and 80,000 random values`, () => {
    const intl = new Intl.NumberFormat(lang);
    const format = numberFormatFor(lang);
    for (const n of values()) assert.equal(format.format(n), intl.format(n), String(n));
  });

  test(`${lang}: with one fraction digit (the busy line's seconds) and with 0-2, as Intl writes them`, () => {
    for (const options of [{ minimumFractionDigits: 1, maximumFractionDigits: 1 }, { minimumFractionDigits: 0, maximumFractionDigits: 2 },
      { maximumFractionDigits: 0 }, { minimumFractionDigits: 3 }]) {
      const intl = new Intl.NumberFormat(lang, options);
      for (const n of values()) assert.equal(formatNumberIn(lang, n, options), intl.format(n), `${n} ${JSON.stringify(options)}`);
    }
  });
}

test('what englishNumber() cannot write goes to Intl: NaN, infinities, 1e21 and over, other options and languages', () => {
  const format = numberFormatFor('en');
  for (const n of [NaN, Infinity, -Infinity, 1e21, -1e21, 1.5e300]) assert.equal(format.format(n), new Intl.NumberFormat('en').format(n), String(n));
  assert.equal(formatNumberIn('en', 0.25, { style: 'percent' }), '25%');
  assert.equal(formatNumberIn('fr', 5000), new Intl.NumberFormat('fr').format(5000));
  assert.equal(numberFormatFor('fr').format(1234.5), new Intl.NumberFormat('fr').format(1234.5));
  assert.equal(numberFormatFor('en-GB').format(1234.5), new Intl.NumberFormat('en-GB').format(1234.5));
  assert.equal(numberFormatFor('not a locale!').format(5), new Intl.NumberFormat().format(5));
  assert.equal(englishNumber(-0.0001), '-0');
});
