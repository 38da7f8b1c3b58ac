// Packs the MV3 extension: build/extension/ (unpacked, loadable with
// --load-extension) and build/memento-vault-extension.zip (the same files).
// The popup is bundled by esbuild with the package's own esbuild plugin, as a
// user's app would be: the plugin puts dist/workers/ and dist/wasm/ beside it.
// Run by scripts/bundle.mjs after dist/ is built, or alone: node scripts/pack-extension.mjs
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { mementoElements } from '../bundlers/esbuild.js';
import { writeIcons } from './extension-icons.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const out = path.join(root, 'build/extension');
const zipFile = path.join(root, 'build/memento-vault-extension.zip');
const STATIC = ['manifest.json', 'popup.html', 'popup.css', 'offscreen.html'];

if (!existsSync(path.join(root, 'dist/wasm'))) throw new Error('dist/wasm is missing: run `sh scripts/build.sh` first');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const common = { absWorkingDir: root, bundle: true, format: 'esm', target: 'es2022', minify: true, legalComments: 'none', logLevel: 'warning' };
await build({
  ...common,
  entryPoints: { popup: 'extension/popup.js' },
  outdir: out,
  splitting: true,
  plugins: [mementoElements()],
});
// The service worker is one self-contained file: it must start fast and load nothing else. So is the offscreen document's script.
await build({ ...common, entryPoints: ['extension/background.js'], outfile: path.join(out, 'background.js') });
await build({ ...common, entryPoints: ['extension/offscreen.js'], outfile: path.join(out, 'offscreen.js') });
writeIcons(out);

for (const file of STATIC) copyFileSync(path.join(root, 'extension', file), path.join(out, file));

// The CSP forbids eval: refuse to pack code that would need it.
const scripts = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (name.endsWith('.js')) scripts.push(file);
  }
};
walk(out);
for (const file of scripts) {
  if (/\bnew Function\s*\(|[^.\w]eval\s*\(/.test(readFileSync(file, 'utf8'))) {
    throw new Error(`${path.relative(root, file)} contains eval or new Function, which the extension's CSP forbids`);
  }
}

rmSync(zipFile, { force: true });
execFileSync('zip', ['-q', '-r', '-X', zipFile, '.'], { cwd: out });
const size = statSync(zipFile).size;
console.log(`extension: build/extension (${scripts.length} scripts), ${path.relative(root, zipFile)} ${(size / 1024).toFixed(0)} KiB`);
