// The planner of an open (api/notes-plan.js): its calls' ranges are
// callRanges', and the worker of each call: the page-wide worker, alternating
// with the second page-wide one only while that one is up, never for an open
// that feeds search ports or runs on a worker of the caller's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callRanges, planOpen } from '../../api/notes-plan.js';

const notes = Array.from({ length: 3000 }, (_, i) => ({ id: `n${i}`, key: 'k'.repeat(64), title: 't'.repeat(40), body: 'b'.repeat(400) }));
const pageWide = { name: 'page-wide', state: 'ready' };
const workersOf = (plan) => plan.ranges.map((_, k) => plan.workerOf(k).name);

test('the ranges are callRanges\', `first` included', () => {
  assert.deepEqual(planOpen(notes, { first: 40 }, { pageWide }).ranges, callRanges(notes, 40));
  assert.ok(planOpen(notes, {}, { pageWide }).ranges.length >= 3);
});

test('odd calls go to the second page-wide worker while it is up, and not while it starts or is off', () => {
  for (const state of ['ready', 'busy']) {
    const plan = planOpen(notes, {}, { pageWide, helper: { name: 'helper', state } });
    assert.equal(plan.onPageWide, true);
    assert.deepEqual(workersOf(plan), plan.ranges.map((_, k) => (k % 2 ? 'helper' : 'page-wide')));
  }
  for (const state of ['starting', 'off']) {
    const plan = planOpen(notes, {}, { pageWide, helper: { name: 'helper', state } });
    assert.ok(workersOf(plan).every((name) => name === 'page-wide'), state);
  }
});

test('an open feeding search ports, or on a worker of the caller\'s, keeps to one worker', () => {
  const helper = { name: 'helper', state: 'ready' };
  const feeding = planOpen(notes, { searchPorts: [{}] }, { pageWide, helper });
  assert.equal(feeding.feeding, true);
  assert.ok(workersOf(feeding).every((name) => name === 'page-wide'));
  const textsOnly = planOpen(notes, { textsOnly: true, searchPorts: [] }, { pageWide, helper });
  assert.equal(textsOnly.feeding, true);
  const own = planOpen(notes, { worker: { name: 'own', state: 'ready' } }, { pageWide: undefined, helper });
  assert.equal(own.onPageWide, false);
  assert.ok(workersOf(own).every((name) => name === 'own'));
});
