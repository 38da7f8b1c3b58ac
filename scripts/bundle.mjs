// Bundles dist/: the elements + API (index.js), the API alone (api.js), one
// module Worker per kernel (workers/<name>.js) and the wasm beside them; then
// generates custom-elements.json and the .d.ts types, and prints every wasm
// module's raw and gzip size with its checksum.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { elementEntries, elementEntryPoints, elementTags, entryClosures, writeEntryTypes } from './element-entries.mjs';
import { ELEMENT_TYPES_FILE, elementTypes } from './element-types.mjs';
import { writeFrameworkTypes } from './framework-types.mjs';
import { writeManifest } from './manifest.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// Built into a fresh folder and swapped in at the end: a failed build leaves
// the previous dist/ untouched.
const finalDist = path.join(root, 'dist');
const dist = path.join(root, 'dist.next');
const wasmOut = path.join(root, 'build/wasm/out');
const { modules } = JSON.parse(readFileSync(path.join(root, 'modules.json'), 'utf8'));
const built = modules.filter(({ name }) => existsSync(path.join(root, 'cpp', name)));

rmSync(dist, { recursive: true, force: true });
mkdirSync(path.join(dist, 'wasm'), { recursive: true });

const common = { absWorkingDir: root, bundle: true, format: 'esm', target: 'es2022', minify: true, sourcemap: true,
  legalComments: 'none', logLevel: 'warning' };
// The page side: chunks sit at the root of dist/, beside workers/ and wasm/,
// which is where the literal URLs of api/modules/*.js point; so do the
// entries of one element each (dist/<tag>.js, scripts/element-entries.mjs).
const tags = elementTags(modules);
const page = await build({
  ...common,
  entryPoints: { index: 'components/index.js', api: 'api/index.js', ...elementEntryPoints(tags) },
  outdir: dist,
  splitting: true,
  metafile: true,
  plugins: [elementEntries(root)],
});
const closures = entryClosures(page.metafile, dist, root);
// A module's scalar glue is its SIMD glue with two names changed (the factory's
// and the wasm file's, which the worker never fetches: it is handed the
// compiled module): where that holds, the scalar import is the SIMD glue, and
// each worker script carries one copy (16 KB less raw, 0.2 KB gzipped; a
// worker's start measured the same). Where Emscripten makes them differ, each
// keeps its own.
function sharedGlue(file, glue) {
  const match = /^(.+)[\\/]([\w-]+)\.mjs$/.exec(file);
  if (!match || match[2].endsWith('.simd')) return null;
  const [, dir, name] = match;
  const simdFile = path.join(dir, `${name}.simd.mjs`);
  if (!existsSync(simdFile)) return null;
  const asScalar = readFileSync(simdFile, 'utf8').replaceAll(`create_${name}_simd`, `create_${name}`)
    .replaceAll(`${name}.simd.wasm`, `${name}.wasm`);
  return asScalar === glue ? `./${name}.simd.mjs` : null;
}
// Each worker script stands alone (no imports of its own, no URL resolved
// against its own location), so a bundler may emit it anywhere as an asset.
// Emscripten's glue names its wasm as `new URL("x.wasm", import.meta.url)`, a
// URL it never fetches here (the page hands the worker the compiled module:
// instantiateWasm in worker/runtime/host.js), but a bundler that follows the
// worker's code (Parcel) looks for x.wasm beside the worker and fails the build.
const unlocatedWasm = {
  name: 'unlocated-wasm',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]build[\\/]wasm[\\/]out[\\/][^\\/]+\.mjs$/ }, (args) => {
      const glue = readFileSync(args.path, 'utf8');
      const shared = sharedGlue(args.path, glue);
      if (shared) {
        const contents = `export { default } from ${JSON.stringify(shared)};`;
        return { contents, loader: 'js', resolveDir: path.dirname(args.path) };
      }
      const pattern = /new URL\(("[\w.]+\.wasm"),\s*import\.meta\.url\)\.toString\(\)/g;
      const found = glue.match(pattern) ?? [];
      if (found.length !== 1) {
        throw new Error(`${path.relative(root, args.path)}: expected one new URL("….wasm", import.meta.url) in Emscripten's glue, found ${found.length}`);
      }
      return { contents: glue.replace(pattern, '$1'), loader: 'js' };
    });
  },
};
const workers = built.flatMap(({ workers: names }) => names);
await build({
  ...common,
  entryPoints: Object.fromEntries(workers.map((name) => [`workers/${name}`, `worker/${name}.js`])),
  outdir: dist,
  splitting: false,
  plugins: [unlocatedWasm],
});
// The pattern bundlers follow (a literal resolved against import.meta.url); a bare import.meta.url
// (Emscripten's script directory) they leave alone.
for (const name of workers) {
  const literal = readFileSync(path.join(dist, 'workers', `${name}.js`), 'utf8').match(/new URL\(\s*(["'`])[^"'`]*\1\s*,\s*import\.meta\.url\s*\)/);
  if (literal) throw new Error(`dist/workers/${name}.js has ${literal[0]}: a bundler following the worker would look for that file`);
}

// A chunk that only re-exports others maps nothing: drop its empty map.
for (const file of readdirSync(dist).filter((f) => f.endsWith('.js.map'))) {
  if (JSON.parse(readFileSync(path.join(dist, file), 'utf8')).mappings !== '') continue;
  rmSync(path.join(dist, file));
  const script = path.join(dist, file.slice(0, -'.map'.length));
  writeFileSync(script, readFileSync(script, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
}

// The API in Node: the same code with platform-node.js for platform.js
// (worker_threads, wasm read from files), as an ES module and as CommonJS, and
// the bootstrap that runs the same worker scripts in worker_threads.
const nodePlatform = {
  name: 'node-platform',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /\/platform\.js$/ }, (args) => ({
      path: path.join(args.resolveDir, args.path.replace(/platform\.js$/, 'platform-node.js')),
    }));
  },
};
const node = { ...common, platform: 'node', target: 'node20', plugins: [nodePlatform] };
await build({ ...node, entryPoints: { node: 'api/index.js', 'node-index': 'components/index.js' }, outdir: dist });
await build({ ...node, entryPoints: { 'node-worker': 'worker/runtime/node-bootstrap.js' }, outdir: dist, plugins: [] });
// CommonJS has no import.meta: its file's URL stands in for it.
await build({ ...node, entryPoints: { node: 'api/index.js' }, outdir: dist, format: 'cjs', outExtension: { '.js': '.cjs' },
  define: { 'import.meta.url': '__mementoModuleUrl' },
  banner: { js: 'const __mementoModuleUrl = require("node:url").pathToFileURL(__filename).href;' } });

const sizes = [];
for (const file of readdirSync(wasmOut).filter((f) => f.endsWith('.wasm')).sort()) {
  const bytes = readFileSync(path.join(wasmOut, file));
  copyFileSync(path.join(wasmOut, file), path.join(dist, 'wasm', file));
  sizes.push({ file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length,
    sha256: createHash('sha256').update(bytes).digest('hex').slice(0, 16) });
}
console.log('wasm modules:');
for (const s of sizes) {
  console.log(`  ${s.file.padEnd(22)} ${String(s.raw).padStart(8)} B raw  ${String(s.gzip).padStart(7)} B gzip  sha256 ${s.sha256}`);
}

rmSync(finalDist, { recursive: true, force: true });
renameSync(dist, finalDist);
// What each page entry loads, for scripts/entry-sizes.mjs (docs/api.md's table).
writeFileSync(path.join(root, 'build/entries.json'), `${JSON.stringify(closures, null, 2)}\n`);

const bin = (name) => path.join(root, 'node_modules/.bin', name);
// custom-elements.json from the components' JSDoc, then everything typed from it:
// components/elements.d.ts (tag names, event maps; committed, checked by
// tests/js/element-types.test.js), the .d.ts tsc makes of the JSDoc beside it,
// and the React, Vue and Svelte typings.
const manifest = writeManifest(root);
writeFileSync(ELEMENT_TYPES_FILE, elementTypes(manifest));
execFileSync(bin('tsc'), ['-p', 'tsconfig.types.json'], { cwd: root, stdio: 'inherit' });
copyFileSync(ELEMENT_TYPES_FILE, path.join(finalDist, 'types/components/elements.d.ts'));
writeFrameworkTypes(manifest, path.join(finalDist, 'types/frameworks'));
writeEntryTypes(tags, path.join(finalDist, 'types'));
// The elements' places before they are defined (memento-elements/elements.css, docs/api.md).
copyFileSync(path.join(root, 'components/elements.css'), path.join(finalDist, 'elements.css'));

if (existsSync(path.join(root, 'scripts/pack-extension.mjs'))) {
  await import('./pack-extension.mjs');
}
console.log(`dist/ ready: ${workers.length} workers, ${sizes.length} wasm files`);
