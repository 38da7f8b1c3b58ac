// What memory a process has never touched costs on this host: the first write to each 4 KiB page of a new
// 64 MiB buffer, timed (the hypervisor's fault, then the kernel's zeroing). A job that gives its memory back
// takes that again on its next call, where a peer that keeps its memory does not. It differs between machines of
// the kind this project runs on: 10-14 us a page (2.6-3.6 ms per MiB, more than an Argon2id hash of the same memory)
// on most sessions' machines, 1.5-1.7 us (0.4 ms per MiB) on the one of 2026-12-07, 23:xx UTC. Printed with every
// calls run and recorded with it, so a job's floor is read beside the run it belongs to.
import { median } from '../lib/measure.mjs';

const PAGE = 4096;
const MIB = 1 << 20;

/** {usPerPage, msPerMiB}: the median of `runs` first-touch passes over a fresh `mib` MiB buffer. */
export function freshMemoryCost({ mib = 64, runs = 3 } = {}) {
  const perPage = [];
  for (let run = 0; run < runs; run++) {
    const bytes = new Uint8Array(mib * MIB);
    const start = performance.now();
    for (let i = 0; i < bytes.length; i += PAGE) bytes[i] = 1;
    perPage.push(((performance.now() - start) * 1000) / (bytes.length / PAGE));
  }
  const usPerPage = median(perPage);
  return { usPerPage, msPerMiB: (usPerPage * (MIB / PAGE)) / 1000 };
}
