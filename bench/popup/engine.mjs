// The "popup" engine of bench/popup.mjs: two Chromiums, one per build of the
// extension, timed alternately. For each case a vault is made in Node
// (hash-wasm's Argon2id, libsodium's secretbox and AEAD, version 2 envelopes),
// put in each extension's storage, and unlocked again and again: the popup
// page is loaded, the password typed, a second left (the warm start readies
// the Argon2id worker while a person types), then Enter; the time runs from
// the Enter keydown to <note-list>'s performance mark 'note-list:first-rows'.
// BENCH_POPUP_DEBUG=1 also logs each unlock's phases from the runtime's
// user-timing measures (common/timeline.js), in ms from Enter.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import sodium from 'libsodium-wrappers-sumo';
import { argon2id } from 'hash-wasm';
import { packBody } from '../../extension/note-envelope.js';
import { median } from '../lib/measure.mjs';

const PASSWORD = 'bench lantern orchard 47';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
  '--disable-renderer-backgrounding', '--disable-background-timer-throttling'];

/** `dir` copied to `copy` without COOP/COEP (and without the fixed key, so both may be loaded). */
function notIsolatedCopy(dir, copy) {
  rmSync(copy, { recursive: true, force: true });
  cpSync(dir, copy, { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(copy, 'manifest.json'), 'utf8'));
  delete manifest.cross_origin_embedder_policy;
  delete manifest.cross_origin_opener_policy;
  delete manifest.key;
  writeFileSync(path.join(copy, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return copy;
}

/**
 * The shipped build and its copy without COOP/COEP; with BENCH_POPUP_B, the
 * same two of that other build/extension directory (an A/B of two builds).
 */
function builds(root) {
  const isolated = path.join(root, 'build/extension');
  if (!existsSync(path.join(isolated, 'manifest.json'))) throw new Error('build/extension is missing: run `sh scripts/build.sh` first');
  const dirs = { 'isolated': isolated, 'not-isolated': notIsolatedCopy(isolated, path.join(root, 'build/bench/popup-not-isolated')) };
  const second = process.env.BENCH_POPUP_B;
  if (second) {
    const other = path.resolve(second);
    if (!existsSync(path.join(other, 'manifest.json'))) throw new Error(`BENCH_POPUP_B: no manifest.json in ${other}`);
    dirs['isolated-b'] = other;
    dirs['not-isolated-b'] = notIsolatedCopy(other, path.join(root, 'build/bench/popup-b-not-isolated'));
  }
  return dirs;
}

async function launch(dir) {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'memento-bench-popup-'));
  const browser = await puppeteer.launch({
    browser: 'chrome', executablePath: process.env.CHROMIUM_BIN || '/usr/bin/chromium', headless: true, pipe: true,
    userDataDir: profile, enableExtensions: [dir], args: FLAGS, defaultViewport: { width: 400, height: 600 },
  });
  const worker = await browser.waitForTarget((target) => target.type() === 'service_worker', { timeout: 15000 });
  const url = `chrome-extension://${new URL(worker.url()).host}/popup.html`;
  const page = await browser.newPage();
  // With BENCH_POPUP_DEBUG: what the popup and its workers log (a worker's own timings, when added by hand).
  if (process.env.BENCH_POPUP_DEBUG) page.on('console', (message) => console.error(`    console: ${message.text()}`));
  await page.goto(url);
  return {
    browser, page, url,
    async close() {
      await browser.close().catch(() => {});
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** A version 2 vault of `count` notes under PASSWORD with Argon2id (t, m, p). */
async function makeVault({ t, m, p, notes: count }) {
  await sodium.ready;
  const B64 = sodium.base64_variants.ORIGINAL;
  const salt = sodium.randombytes_buf(16);
  const wrappingKey = await argon2id({ password: PASSWORD, salt, iterations: t, memorySize: m, parallelism: p, hashLength: 32, outputType: 'binary' });
  const deviceKey = sodium.randombytes_buf(32);
  const nonce = sodium.randombytes_buf(24);
  const now = Date.now();
  const seal = (id, title, body) => {
    const noteKey = sodium.randombytes_buf(32);
    const nonceK = sodium.randombytes_buf(24);
    const field = (value, prefix) => {
      const n = sodium.randombytes_buf(24);
      return sodium.to_base64(new Uint8Array([...n, ...sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(value, prefix + id, null, n, noteKey)]), B64);
    };
    return { id, key: sodium.to_base64(new Uint8Array([...nonceK, ...sodium.crypto_secretbox_easy(noteKey, nonceK, deviceKey)]), B64),
      title: field(title, 'title:'), body: field(body, 'body:') };
  };
  const notes = Array.from({ length: count }, (_, i) => seal(`n${i}`, `Note ${i + 1}`,
    packBody({ text: `Text of note ${i + 1}, a line or two long.`, sensitive: i % 5 === 0, created: now - i * 60000, updated: now - i * 60000 })));
  return {
    format: 'memento-vault', version: 2, revision: 1,
    kdf: { algorithm: 'argon2id13', salt: sodium.to_base64(salt, B64), t, m, p },
    wrappedKey: sodium.to_base64(new Uint8Array([...nonce, ...sodium.crypto_secretbox_easy(deviceKey, nonce, wrappingKey)]), B64),
    notes,
  };
}

/** One unlock: ms from the Enter keydown to the first rows, and the titles shown. */
async function unlockOnce({ page, url }) {
  await page.goto(url);
  await page.waitForSelector('vault-unlock#unlock', { visible: true });
  await page.evaluate((timeline) => {
    globalThis.mementoTimeline = timeline;
    window.enterAt = 0;
    window.unlockMs = 0;
    addEventListener('keydown', (event) => { if (event.key === 'Enter' && !window.enterAt) window.enterAt = performance.now(); }, true);
    addEventListener('vault-unlocked', (event) => { window.unlockMs = event.detail.ms; window.unlockAt = performance.now(); }, true);
  }, Boolean(process.env.BENCH_POPUP_DEBUG));
  await page.locator('vault-unlock#unlock >>> input#password').fill(PASSWORD);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => performance.getEntriesByName('note-list:first-rows').length > 0, { timeout: 120000, polling: 20 });
  return page.evaluate(() => ({
    ms: performance.getEntriesByName('note-list:first-rows')[0].startTime - window.enterAt,
    argon2Ms: window.unlockMs,
    afterKeyMs: performance.getEntriesByName('note-list:first-rows')[0].startTime - window.unlockAt,
    isolated: crossOriginIsolated,
    titles: document.getElementById('notes').opened.slice(0, 3).map((n) => n?.title).join('|'),
    // With BENCH_POPUP_DEBUG: the runtime's phases (common/timeline.js), in ms from Enter.
    timeline: performance.getEntriesByType('measure').filter((entry) => entry.name.startsWith('memento:'))
      .map((entry) => `${entry.name.slice(8)} ${(entry.startTime - window.enterAt).toFixed(0)}+${entry.duration.toFixed(0)}`),
  }));
}


// With BENCH_POPUP_B: each popup of the other build against the same popup of
// this one, as the median of their times and as the median over rounds of the
// ratio within a round (which follows a drifting load better).
function logAB(log, samples, parts) {
  for (const id of ['isolated', 'not-isolated']) {
    const a = samples[id];
    const b = samples[`${id}-b`];
    if (!a?.length || !b?.length) continue;
    const paired = (x, y) => median(x.map((ms, i) => y[i] / ms)).toFixed(3);
    const [pa, pb] = [parts[id], parts[`${id}-b`]];
    log(`A/B ${id}: Enter to rows A ${median(a).toFixed(1)} / B ${median(b).toFixed(1)} ms: B/A ${(median(b) / median(a)).toFixed(3)},`
      + ` paired ${paired(a, b)}; Argon2id A ${median(pa.argon2).toFixed(1)} / B ${median(pb.argon2).toFixed(1)} ms, paired ${paired(pa.argon2, pb.argon2)};`
      + ` key to rows A ${median(pa.tail).toFixed(1)} / B ${median(pb.tail).toFixed(1)} ms, paired ${paired(pa.tail, pb.tail)}`);
  }
}

export const engines = {
  async popup({ root, cases, settings, log }) {
    const dirs = builds(root);
    const loadAtStart = os.loadavg()[0];
    const popups = {};
    const used = [...new Set(cases.flatMap((testCase) => testCase.contenders))];
    for (const id of used) popups[id] = await launch(dirs[id]);
    let version;
    const results = [];
    try {
      version = await popups[used[0]].browser.version();
      for (const testCase of cases) {
        const ids = testCase.contenders;
        const vault = await makeVault(testCase.params);
        for (const id of ids) await popups[id].page.evaluate((v) => chrome.storage.local.set({ vault: v }), vault);
        const samples = Object.fromEntries(ids.map((id) => [id, []]));
        // Per unlock: the Argon2id time <vault-unlock> reports, and the key to the first rows.
        const parts = Object.fromEntries(ids.map((id) => [id, { argon2: [], tail: [] }]));
        const outputs = {};
        log(`${testCase.label}: ${settings.warmup} warm-up + ${settings.runs} timed unlocks per popup (${ids.join(', ')}), alternating`);
        for (let run = 0; run < settings.warmup + settings.runs; run++) {
          // Each round rotated: every popup goes first as often as the others.
          for (const id of ids.map((_, i) => ids[(i + run) % ids.length])) {
            const { ms, isolated, titles, argon2Ms, afterKeyMs, timeline } = await unlockOnce(popups[id]);
            if (process.env.BENCH_POPUP_DEBUG) {
              log(`${id}: ${ms.toFixed(0)} ms (Argon2id in <vault-unlock> ${argon2Ms?.toFixed?.(0)} ms, key to first rows ${afterKeyMs.toFixed(0)} ms)`);
              log(`  ${timeline.join(' | ')}`);
            }
            if (isolated !== !id.startsWith('not-isolated')) throw new Error(`${id}: crossOriginIsolated is ${isolated}`);
            outputs[id] = titles;
            if (run >= settings.warmup) {
              samples[id].push(ms);
              parts[id].argon2.push(argon2Ms);
              parts[id].tail.push(afterKeyMs);
            }
          }
          if (process.env.BENCH_POPUP_DEBUG) log(`round ${run + 1}: load average ${os.loadavg()[0].toFixed(2)}`);
        }
        if (new Set(Object.values(outputs)).size !== 1) throw new Error(`the builds show different notes: ${JSON.stringify(outputs)}`);
        for (const id of ids) {
          log(`${id}: median ${median(samples[id]).toFixed(1)} ms = Argon2id ${median(parts[id].argon2).toFixed(1)} ms`
            + ` (in <vault-unlock>), key to first rows ${median(parts[id].tail).toFixed(1)} ms (medians apart)`);
        }
        logAB(log, samples, parts);
        results.push({
          case: testCase.id, baseline: 'not-isolated', ready: ids, unavailable: [],
          samples, output: outputs.isolated, verifiedWith: ids,
        });
      }
    } finally {
      for (const popup of Object.values(popups)) await popup.close();
    }
    return {
      version: `Chromium ${version}, the extension loaded unpacked, headless`,
      method: `median of ${settings.runs} unlocks per build after ${settings.warmup} warm-up, the builds alternating; `
        + 'Enter keydown to the performance mark note-list:first-rows, in the popup page; '
        + `host load average (1 min) ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end on ${os.cpus().length} cores`,
      contenders: {},
      results,
    };
  },
};
