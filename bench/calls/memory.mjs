// What a browser (its page processes and their workers) or a Node child holds: the proportional set size (Pss of
// /proc/<pid>/smaps_rollup, RSS where that is unreadable) summed over the processes a session started
// (its page's renderer, which runs the page's workers too; or a Node child with its threads): `descendants()` before
// and after the session opened tell which.
// performance.measureUserAgentSpecificMemory() was tried first and dropped: it leaves WebAssembly memories out
// (libsodium-wrappers' 256 MiB after an Argon2id counted as 1.5 MiB).
import { readdirSync, readFileSync } from 'node:fs';

function parentOf(pid) {
  try {
    // The command name may hold spaces and parentheses: the fields after the last ')' are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;   // exited meanwhile
  }
}

function bytesOf(pid) {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)[1]) * 1024;
  } catch {
    try {
      return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  }
}

/** The ids of every process below `ancestor` (default: this process). */
export function descendants(ancestor = process.pid) {
  const parents = new Map();
  for (const name of readdirSync('/proc')) if (/^\d+$/.test(name)) parents.set(Number(name), parentOf(Number(name)));
  const below = (pid) => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === ancestor) return true;
    return false;
  };
  return [...parents.keys()].filter(below);
}

/** Bytes held by the processes `pids` (those that exited count nothing). */
export function memoryOf(pids) {
  return pids.reduce((total, pid) => total + bytesOf(pid), 0);
}
