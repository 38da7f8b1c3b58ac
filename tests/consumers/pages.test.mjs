// The package as users install it, in six fresh projects that install only
// the `npm pack` tarball: a plain page with an import map, an esbuild build, a
// Vite build (and the Vite dev server), a Rollup build, a Parcel build and a webpack 5 build. Each is served and driven in
// Chromium: <vault-unlock> derives a key from a typed password (checked against
// libsodium), <note-list key-from> opens notes sealed in Node, <fuzzy-search
// for> filters them, every module on its SIMD wasm, with no page error, no
// console error and no failed request. Nothing is copied by hand: the files a
// project serves are what its bundler (or the plain install) put there.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  APP_JS, VAULT_JSON, indexHtml, launchChromium, listFiles, makeProject, removeTemps, runIn, runLanesScenario, runScenario, serveStatic,
} from './helpers.mjs';

const SCENARIO = '<vault-unlock> derives the key, <note-list> opens the notes, <fuzzy-search> filters them';
const LANES = 'cross-origin isolated, <vault-unlock p="2"> finds the Argon2id lane worker and argon2.lanes.wasm';
const MAIN_JS = `import 'memento-elements';\n${APP_JS}`;

let browser;
before(async () => { browser = await launchChromium(); });
after(async () => {
  await browser?.close();
  await removeTemps();
});

/**
 * A bundler's project: its own `files` (a config, a build script), the scenario as `src/app.js`, and in `public/` the
 * page (its `script` loads the bundle) and the vault; the bundler's packages (`tools`) linked from the repository's.
 */
function bundlerProject(name, files, script, tools) {
  return makeProject(name, {
    ...files,
    'src/app.js': MAIN_JS,
    'public/index.html': indexHtml('', script),
    'public/vault.json': VAULT_JSON,
  }, { tools });
}

/** Serves `root` (with COOP/COEP when `isolated`) and runs `scenario` on its index.html. */
async function served(root, scenario, { isolated = false, t, names } = {}) {
  const server = await serveStatic(root, { isolated });
  try {
    const notes = await scenario(browser, `${server.url}/index.html`, { serverRequests: server.requests, names });
    for (const note of notes ?? []) t?.diagnostic(note);
  } finally {
    await server.close();
  }
}

/**
 * The two scenarios a bundler's output must pass, as two tests (`what`: how the tests name the output; `tool`: the
 * bundler, in the failure message): served as is, and cross-origin isolated with the Argon2id lanes. `built()`
 * gives {output, names} once the build test has made them (names: served file name -> the package's, where the
 * bundler renames the files).
 */
function builtOutputScenarios(what, tool, built) {
  test(`${what} finds the wasm and the workers: ${SCENARIO}`, { timeout: 120000 }, async () => {
    const { output } = built();
    assert.ok(output, `no ${tool} output to serve: the build above failed`);
    await served(output, runScenario);
  });

  test(`${what}, ${LANES}`, { timeout: 120000 }, async (t) => {
    const { output, names } = built();
    assert.ok(output, `no ${tool} output to serve: the build above failed`);
    await served(output, runLanesScenario, { isolated: true, t, names });
  });
}

/** The files among `names` (relative to `outDir`) whose bytes equal `packageFile`'s. */
async function unchangedCopies(packageFile, outDir, names) {
  const bytes = await readFile(packageFile);
  const copies = [];
  for (const name of names) if ((await readFile(path.join(outDir, name))).equals(bytes)) copies.push(name);
  return copies;
}

describe('a plain page with an import map, no bundler', () => {
  let dir;
  test(`served as installed, ${SCENARIO}: the wasm and the workers are found under node_modules`, { timeout: 120000 }, async () => {
    const importMap = `
<script type="importmap">{ "imports": { "memento-elements": "/node_modules/memento-elements/dist/index.js" } }</script>`;
    dir = await makeProject('plain', {
      'index.html': indexHtml(importMap, '<script type="module" src="./main.js"></script>'),
      'main.js': MAIN_JS,
      'vault.json': VAULT_JSON,
    });
    await served(dir, runScenario);
  });

  test(`served as installed, ${LANES}`, { timeout: 120000 }, async (t) => {
    assert.ok(dir, 'no plain project: the test above failed to make it');
    await served(dir, runLanesScenario, { isolated: true, t });
  });
});

// What the docs tell an esbuild user to write: the plugin copies the package's
// workers and wasm next to the output.
const ESBUILD_SCRIPT = `import * as esbuild from 'esbuild';
import { mementoElements } from 'memento-elements/esbuild';

await esbuild.build({
  entryPoints: ['src/app.js'],
  bundle: true,
  format: 'esm',
  outdir: 'public/out',
  plugins: [mementoElements()],
  logLevel: 'warning',
});
`;

describe('an esbuild build', () => {
  let output;
  test('builds with the mementoElements() plugin from memento-elements/esbuild', { timeout: 120000 }, async (t) => {
    const dir = await bundlerProject('esbuild', { 'build.mjs': ESBUILD_SCRIPT }, '<script type="module" src="./out/app.js"></script>', ['esbuild']);
    const { code, output: log } = await runIn(dir, process.execPath, ['build.mjs']);
    assert.equal(code, 0, `\`node build.mjs\` (esbuild + mementoElements()) failed:\n${log}`);
    if (log.trim()) t.diagnostic(`esbuild said: ${log.trim()}`);
    t.diagnostic(`public/: ${(await listFiles(path.join(dir, 'public'))).join(' ')}`);
    output = path.join(dir, 'public');
  });

  builtOutputScenarios('the esbuild bundle', 'esbuild', () => ({ output }));
});

describe('a Vite project', () => {
  let dir;
  let output;
  test('`vite build` with no config builds it', { timeout: 120000 }, async (t) => {
    dir = await makeProject('vite', {
      'index.html': indexHtml('', '<script type="module" src="./main.js"></script>'),
      'main.js': MAIN_JS,
      'public/vault.json': VAULT_JSON,
      // Only for the dev server below; `vite build` is given none.
      'vite.dev.config.js': "export default { optimizeDeps: { exclude: ['memento-elements'] } };\n",
    }, { tools: ['vite'] });
    const { code, output: log } = await runIn(dir, process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { env: { NO_COLOR: '1' } });
    assert.equal(code, 0, `\`vite build\` failed:\n${log}`);
    if (log.trim()) t.diagnostic(`vite said: ${log.trim()}`);
    t.diagnostic(`dist/: ${(await listFiles(path.join(dir, 'dist'))).join(' ')}`);
    output = path.join(dir, 'dist');
  });

  builtOutputScenarios('the Vite build', 'Vite', () => ({ output }));

  test(`the Vite dev server, with optimizeDeps.exclude: ['memento-elements'], finds the wasm and the workers: ${SCENARIO}`,
    { timeout: 120000 }, async () => {
      assert.ok(dir, 'no Vite project: the first Vite test failed to make it');
      const { createServer } = await import('vite');
      const server = await createServer({
        root: dir, configFile: path.join(dir, 'vite.dev.config.js'), logLevel: 'error', clearScreen: false,
        server: { host: '127.0.0.1', port: 0, strictPort: true, hmr: false },
      });
      try {
        await server.listen();
        const { port } = server.httpServer.address();
        await runScenario(browser, `http://127.0.0.1:${port}/`);
      } finally {
        await server.close();
      }
    });
});

// What a Rollup user writes: Rollup resolves only relative paths and leaves
// `new URL('./…', import.meta.url)` alone, so the config adds the two plugins
// that every Rollup app with npm packages and such assets uses.
const ROLLUP_CONFIG = `import { nodeResolve } from '@rollup/plugin-node-resolve';
import { importMetaAssets } from '@web/rollup-plugin-import-meta-assets';

export default {
  input: 'src/app.js',
  output: { dir: 'public/dist', format: 'es' },
  plugins: [nodeResolve(), importMetaAssets()],
};
`;

describe('a Rollup project', () => {
  let output;
  test('`rollup -c` with @rollup/plugin-node-resolve and @web/rollup-plugin-import-meta-assets builds it, every worker and wasm emitted unchanged',
    { timeout: 240000 }, async (t) => {
      const dir = await bundlerProject('rollup', { 'rollup.config.js': ROLLUP_CONFIG }, '<script type="module" src="./dist/app.js"></script>',
        ['rollup', '@rollup/plugin-node-resolve', '@web/rollup-plugin-import-meta-assets']);
      const { code, output: log } = await runIn(dir, process.execPath, ['node_modules/rollup/dist/bin/rollup', '-c', '--silent'],
        { timeout: 230000, env: { NO_COLOR: '1' } });
      assert.equal(code, 0, `\`rollup -c\` failed:\n${log}`);
      if (log.trim()) t.diagnostic(`rollup said: ${log.trim()}`);

      // Each of the package's workers and wasm files emitted once, byte for byte (the plugin copies them, hashed
      // names), and nothing else beside the bundle.
      const pkgDist = path.join(dir, 'node_modules/memento-elements/dist');
      const shipped = [...(await readdir(path.join(pkgDist, 'workers'))).filter((f) => f.endsWith('.js')).map((f) => `workers/${f}`),
        ...(await readdir(path.join(pkgDist, 'wasm'))).filter((f) => f.endsWith('.wasm')).map((f) => `wasm/${f}`)];
      const emitted = await listFiles(path.join(dir, 'public/dist'));
      const found = [];
      for (const file of shipped) {
        const stem = path.basename(file).replace(/\.(js|wasm)$/, '');
        const copies = await unchangedCopies(path.join(pkgDist, file), path.join(dir, 'public/dist'), emitted.filter((n) => path.basename(n).startsWith(`${stem}-`)));
        assert.equal(copies.length, 1, `${file} is emitted once, unchanged (found: ${copies.join(', ') || 'none'})`);
        found.push(copies[0]);
      }
      assert.deepEqual(emitted.filter((name) => !found.includes(name)), ['app.js'], 'the bundle is the only other file');
      output = path.join(dir, 'public');
    });

  builtOutputScenarios('the Rollup build', 'Rollup', () => ({ output }));
});

// What a Parcel 2 user runs: no config at all. Parcel follows `new URL('./…',
// import.meta.url)` into the workers and builds them too, so a worker must not
// name a file beside itself that is not there (Emscripten's glue did).
describe('a Parcel project', () => {
  let output;
  test('`parcel build` with no config builds it, every worker built and every wasm emitted unchanged', { timeout: 240000 }, async (t) => {
    const dir = await bundlerProject('parcel', {}, '<script type="module" src="./dist/app.js"></script>', ['parcel']);
    const { code, output: log } = await runIn(dir, process.execPath,
      ['node_modules/parcel/lib/bin.js', 'build', 'src/app.js', '--dist-dir', 'public/dist', '--no-cache', '--log-level', 'warn'],
      { timeout: 230000, env: { NO_COLOR: '1' } });
    assert.equal(code, 0, `\`parcel build\` failed:\n${log}`);
    if (log.trim()) t.diagnostic(`parcel said: ${log.trim()}`);
    // Every wasm of the package emitted once, byte for byte; one script per worker of the package.
    const pkgDist = path.join(dir, 'node_modules/memento-elements/dist');
    const emitted = (await listFiles(path.join(dir, 'public/dist'))).filter((name) => !name.endsWith('.map'));
    for (const file of (await readdir(path.join(pkgDist, 'wasm'))).filter((f) => f.endsWith('.wasm'))) {
      // Parcel's name: the stem, a hash, the extension (search.simd.<hash>.wasm is not search.<hash>.wasm).
      const stem = file.replace(/\.wasm$/, '');
      const named = emitted.filter((n) => n.startsWith(`${stem}.`) && n.endsWith('.wasm') && n.split('.').length === stem.split('.').length + 2);
      const copies = await unchangedCopies(path.join(pkgDist, 'wasm', file), path.join(dir, 'public/dist'), named);
      assert.equal(copies.length, 1, `wasm/${file} is emitted once, unchanged (found: ${copies.join(', ') || 'none'})`);
    }
    const workers = (await readdir(path.join(pkgDist, 'workers'))).filter((f) => f.endsWith('.js')).map((f) => f.replace(/\.js$/, '')).sort();
    const scripts = emitted.filter((name) => name.endsWith('.js') && name !== 'app.js').map((name) => name.replace(/\.[0-9a-f]+\.js$/, '')).sort();
    assert.deepEqual(scripts, workers, 'one script per worker of the package, and the bundle');
    output = path.join(dir, 'public');
  });

  builtOutputScenarios('the Parcel build', 'Parcel', () => ({ output }));
});

// What a webpack 5 user writes: an entry and an output folder, no rules, no
// plugin. webpack follows `new URL('./…', import.meta.url)` and emits each
// worker and wasm as an asset named by its hash (`[hash][ext]`).
const WEBPACK_CONFIG = `import path from 'node:path';
import { fileURLToPath } from 'node:url';

export default {
  mode: 'production',
  entry: './src/app.js',
  output: { path: path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'public/dist'), clean: true },
};
`;

describe('a webpack 5 project', () => {
  let output;
  let names;   // served file name -> the package's (webpack names the assets by hash alone)
  test('`webpack` with a config that names only the entry and the output builds it, every worker and wasm emitted',
    { timeout: 240000 }, async (t) => {
      const dir = await bundlerProject('webpack', { 'webpack.config.js': WEBPACK_CONFIG }, '<script src="./dist/main.js"></script>', ['webpack', 'webpack-cli']);
      // `webpack`, with its stats written down: which package file each hashed asset is.
      const { code, output: log } = await runIn(dir, process.execPath, ['node_modules/webpack-cli/bin/cli.js', '--json', 'stats.json'],
        { timeout: 230000, env: { NO_COLOR: '1' } });
      assert.equal(code, 0, `\`webpack\` failed:\n${log}`);
      const stats = JSON.parse(await readFile(path.join(dir, 'stats.json'), 'utf8'));
      assert.deepEqual(stats.errors.map((e) => e.message), [], 'webpack reports no error');
      for (const warning of stats.warnings) t.diagnostic(`webpack warned: ${warning.message.split('\n')[0]}`);

      // Every worker and wasm of the package, emitted once as an asset; the wasm byte for byte;
      // no other script than the bundle (a worker bundled as webpack's own worker chunk would be one).
      const pkgDist = path.join(dir, 'node_modules/memento-elements/dist');
      const shipped = [...(await readdir(path.join(pkgDist, 'workers'))).filter((f) => f.endsWith('.js')).map((f) => `workers/${f}`),
        ...(await readdir(path.join(pkgDist, 'wasm'))).filter((f) => f.endsWith('.wasm')).map((f) => `wasm/${f}`)].sort();
      const prefix = 'node_modules/memento-elements/dist/';
      const assets = stats.assets.filter((a) => a.info.sourceFilename?.startsWith(prefix));
      assert.deepEqual(assets.map((a) => a.info.sourceFilename.slice(prefix.length)).sort(), shipped,
        'each of the package\'s workers and wasm files is emitted once');
      assert.deepEqual(stats.assets.filter((a) => !assets.includes(a)).map((a) => a.name), ['main.js'], 'the bundle is the only other file');
      for (const asset of assets.filter((a) => a.name.endsWith('.wasm'))) {
        assert.ok((await readFile(path.join(dir, 'public/dist', asset.name))).equals(await readFile(path.join(dir, asset.info.sourceFilename))),
          `${asset.info.sourceFilename} is emitted unchanged as ${asset.name}`);
      }
      names = new Map(assets.map((a) => [a.name, path.basename(a.info.sourceFilename)]));
      const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
      // webpack's production build runs Terser over every .js it emits: the workers come out re-minified.
      const workers = assets.filter((a) => a.name.endsWith('.js'));
      const before = (a) => statSync(path.join(dir, a.info.sourceFilename)).size;
      t.diagnostic(`main.js ${kib(stats.assets.find((a) => a.name === 'main.js').size)}; workers ${workers.map((a) =>
        `${path.basename(a.info.sourceFilename)} ${kib(before(a))} -> ${kib(a.size)}${a.info.minimized ? ' (Terser)' : ''}`).join(', ')}`);
      output = path.join(dir, 'public');
    });

  builtOutputScenarios('the webpack build', 'webpack', () => ({ output, names }));
});
