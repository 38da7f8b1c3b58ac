// Resident memory of a browser's content processes, read from /proc (Linux):
// every descendant of `rootPid` whose command line matches `isContent`.
import { readdir, readFile } from 'node:fs/promises';

/** Sum of VmRSS (bytes) over the descendants of `rootPid` for which `isContent(cmdline)` holds. */
export async function descendantsMemory(rootPid, isContent) {
  const parentOf = new Map();
  const commandOf = new Map();
  const rssOf = new Map();
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      parentOf.set(Number(pid), Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]));
      const rss = /^VmRSS:\s+(\d+) kB/m.exec(status);
      rssOf.set(Number(pid), rss ? Number(rss[1]) * 1024 : 0);
      commandOf.set(Number(pid), (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' '));
    } catch {
      // The process ended while we looked.
    }
  }
  const descends = (pid) => {
    for (let p = parentOf.get(pid), hops = 0; p && hops < 64; p = parentOf.get(p), hops++) if (p === rootPid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, command] of commandOf) if (descends(pid) && isContent(command)) total += rssOf.get(pid) ?? 0;
  return total;
}
