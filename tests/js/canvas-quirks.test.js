// The CPU-backed worker canvas that WebKit needs (common/canvas-quirks.js): told by navigator.vendor, and the
// blur worker's `canvas` op asks for willReadFrequently exactly when told to (docs/browser-engines.md, WebKitGTK).
import { afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { workerCanvasOnCpu } from '../../common/canvas-quirks.js';
import { blurOps } from '../../worker/blur-ops.js';

const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
const withVendor = (vendor) => Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { vendor } });
afterEach(() => {
  if (original) Object.defineProperty(globalThis, 'navigator', original);
  else delete globalThis.navigator;
});

test('workerCanvasOnCpu: true in WebKit (navigator.vendor Apple\'s), false in Chromium, Firefox and without a navigator', () => {
  withVendor('Apple Computer, Inc.');
  assert.equal(workerCanvasOnCpu(), true);
  withVendor('Google Inc.');
  assert.equal(workerCanvasOnCpu(), false);
  withVendor('');
  assert.equal(workerCanvasOnCpu(), false);
  delete globalThis.navigator;
  assert.equal(workerCanvasOnCpu(), false);
});

test('the blur worker\'s canvas op: a CPU-backed 2D context (willReadFrequently) only when asked', () => {
  const asked = [];
  const canvas = { getContext: (type, options) => { asked.push([type, options]); return {}; } };
  const ops = blurOps({ blur: () => assert.fail('no blur'), blurPixels: () => assert.fail('no blur') });
  assert.equal(ops.canvas({ canvas, cpu: true }), true);
  assert.equal(ops.canvas({ canvas, cpu: false }), true);
  assert.equal(ops.canvas({ canvas }), true);
  assert.deepEqual(asked, [['2d', { willReadFrequently: true }], ['2d', undefined], ['2d', undefined]]);
});
