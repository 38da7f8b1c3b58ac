// Compiles a native yardstick at bench time into build/bench/<name>, and says
// which compiler did it (the first line of its --version).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** `compiler args... -o build/bench/<name>`: {binary, cc}. */
export function compileNative(root, name, compiler, args) {
  const binary = path.join(root, 'build/bench', name);
  mkdirSync(path.dirname(binary), { recursive: true });
  execFileSync(compiler, [...args, '-o', binary], { stdio: 'inherit' });
  const cc = execFileSync(compiler, ['--version'], { encoding: 'utf8' }).split('\n')[0];
  return { binary, cc };
}
