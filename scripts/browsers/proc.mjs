// A browser's processes, read from /proc (Linux): the descendants of a pid,
// and the resident memory of those whose command line marks a content process.
import { readdir, readFile } from 'node:fs/promises';

/** Every process now running: pid -> {parent, command, rss (bytes)}, read from /proc. */
async function processTable() {
  const table = new Map();
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const rss = /^VmRSS:\s+(\d+) kB/m.exec(status);
      table.set(Number(pid), {
        parent: Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]),
        rss: rss ? Number(rss[1]) * 1024 : 0,
        command: (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' '),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return table;
}

/** The processes descending from `rootPid`: [{pid, command, rss}]. */
export async function descendants(rootPid) {
  const table = await processTable();
  const descends = (pid) => {
    for (let p = table.get(pid)?.parent, hops = 0; p && hops < 64; p = table.get(p)?.parent, hops++) if (p === rootPid) return true;
    return false;
  };
  return [...table].filter(([pid]) => descends(pid)).map(([pid, { command, rss }]) => ({ pid, command, rss }));
}

/** Sum of VmRSS (bytes) over the descendants of `rootPid` for which `isContent(cmdline)` holds. */
export async function descendantsMemory(rootPid, isContent) {
  let total = 0;
  for (const { command, rss } of await descendants(rootPid)) if (isContent(command)) total += rss;
  return total;
}
