// Mozilla's addons-linter on the Firefox build of the extension
// (build/extension-firefox/, made by scripts/pack-extension.mjs), as
// addons.mozilla.org runs it: fails on any error, and on any warning that
// extension/README.md does not explain in its "addons-linter" table (a row
// `| CODE | file | why |`). Run by scripts/test.sh after the build, or alone:
// node scripts/lint-firefox-extension.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const folder = path.join(root, 'build/extension-firefox');
if (!existsSync(path.join(folder, 'manifest.json'))) throw new Error('build/extension-firefox is missing: run `sh scripts/build.sh` first');

let output;
try {
  output = execFileSync(path.join(root, 'node_modules/.bin/addons-linter'), ['--output', 'json', folder], { encoding: 'utf8', maxBuffer: 64 << 20 });
} catch (error) {
  output = error.stdout;   // the linter exits non-zero when it finds errors; its report is still on stdout
}
const report = JSON.parse(output);

// The README's table: | `CODE` | `file` | why |
const readme = readFileSync(path.join(root, 'extension/README.md'), 'utf8');
const table = readme.slice(readme.indexOf('<!-- addons-linter warnings -->'), readme.indexOf('<!-- /addons-linter warnings -->'));
const explained = new Set([...table.matchAll(/^\| `([A-Z_]+)` \| `([^`]+)` \|/gm)].map(([, code, file]) => `${code} ${file}`));

const problems = [];
for (const error of report.errors) problems.push(`error ${error.code} in ${error.file ?? 'the add-on'}: ${error.message}`);
for (const warning of report.warnings) {
  if (!explained.has(`${warning.code} ${warning.file}`)) problems.push(`unexplained warning ${warning.code} in ${warning.file}: ${warning.message}`);
}
const seen = new Set(report.warnings.map((w) => `${w.code} ${w.file}`));
for (const row of explained) if (!seen.has(row)) console.log(`addons-linter: the README explains ${row}, which no longer occurs: remove the row`);
console.log(`addons-linter: ${report.summary.errors} errors, ${report.summary.warnings} warnings (${report.warnings.length - problems.filter((p) => p.startsWith('unexplained')).length} explained in extension/README.md), ${report.summary.notices} notices`);
if (problems.length) {
  for (const problem of problems) console.error(`addons-linter: ${problem}`);
  process.exit(1);
}
