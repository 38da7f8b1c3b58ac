// common/encode-texts.js: texts encoded back to back in joined groups give
// each text exactly the bytes TextEncoder gives it alone, whatever the
// groups: texts longer than a group, empty ones, and lone surrogates that
// meet across a join (inside a group or at a group's edge) and must stay
// two U+FFFD, not become one character.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeTextsInto } from '../../common/encode-texts.js';
import { utf8Length } from '../../common/utf8-length.js';
import { seededRandom as random } from '../../fixtures/seeded-random.mjs';

const encoder = new TextEncoder();

// Encodes texts[first .. end) with encodeTextsInto and checks every span against TextEncoder alone.
function check(texts, first = 0, end = texts.length) {
  const lengths = Uint32Array.from(texts.slice(first, end), utf8Length);
  const total = lengths.reduce((sum, n) => sum + n, 0);
  const target = new Uint8Array(total + 8).fill(0xee);
  encodeTextsInto(texts, first, end, lengths, target.subarray(0, total));
  let at = 0;
  for (let i = first; i < end; i++) {
    const expected = encoder.encode(texts[i]);
    assert.equal(lengths[i - first], expected.length, `text ${i}: utf8Length`);
    assert.deepEqual(target.subarray(at, at + expected.length), expected, `text ${i} of ${texts.length}`);
    at += expected.length;
  }
  assert.ok(target.subarray(total).every((byte) => byte === 0xee), 'nothing written past the texts');
}

test('random texts of every UTF-8 width, many groups long, lone surrogates meeting at any join', () => {
  const pieces = ['a', 'word ', 'é', '€', '🙂', '\uD83D', '\uDE42', '\uDC00x', 'y\uD800', 'ΟΔΟΣ', '東京', '', ' '];
  const next = random(17);
  for (let round = 0; round < 30; round++) {
    // Texts of 0 to about 6,000 units: groups of one text and of hundreds.
    const texts = Array.from({ length: 1 + Math.floor(next() * 400) }, () => {
      const length = next() < 0.05 ? Math.floor(next() * 3000) : Math.floor(next() * 40);
      return Array.from({ length }, () => pieces[Math.floor(next() * pieces.length)]).join('');
    });
    const first = Math.floor(next() * texts.length / 4);
    check(texts, first, texts.length);
  }
});

test('a lone high surrogate ending a text and a lone low one starting the next, at a group\'s edge and inside one', () => {
  // 1 << 14 units make a group: the first pair meets across two groups, the second inside one.
  const fill = 'x'.repeat((1 << 14) - 1);
  check([`${fill}\uD83D`, '\uDE42 one', 'two \uD83D', '\uDE42three', '']);
  // A text longer than a group, between texts whose surrogates would pair through it if it were skipped.
  check(['a\uD800', 'ΟΔΟΣ'.repeat(10_000), '\uDC00b', '\uD800', '\uDC00']);
});
