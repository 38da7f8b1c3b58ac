// What both calls A/B scripts (calls.mjs, calls-memory.mjs) start from: their
// command line (OLD_DIST NEW_DIST and --name=value options), the two dist/
// copies under build/<folder>/old and /new that the A/B page loads, and the
// sealed 5,000-note vault when the notes job is asked for; and the rounds
// themselves, the two builds taking turns to go first.
import { cp, rm, mkdir } from 'node:fs/promises';

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

/**
 * @param {string} folder under build/: where the two copies go
 * @param {{rounds: number}} defaults
 * @returns {Promise<{option: (name: string, fallback: string) => string, rounds: number, jobs: string[],
 *   vault: {notes: object[], deviceKey: number[]} | undefined, distUrl: (build: 'old' | 'new') => string}>}
 */
export async function prepareTwoBuilds(folder, { rounds }) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
  const [oldDist, newDist] = args.filter((a) => !a.startsWith('--'));
  const jobs = option('jobs', 'argon2,texture,notes').split(',');

  await rm(`${ROOT}/build/${folder}`, { recursive: true, force: true });
  await mkdir(`${ROOT}/build/${folder}`, { recursive: true });
  await cp(oldDist, `${ROOT}/build/${folder}/old`, { recursive: true });
  await cp(newDist, `${ROOT}/build/${folder}/new`, { recursive: true });

  let vault;
  if (jobs.includes('notes')) {
    const { sealVault } = await import('../../fixtures/sealed-vault.mjs');
    const sealed = await sealVault(5000);
    vault = { notes: sealed.notes, deviceKey: [...sealed.deviceKey] };
  }
  return { option, rounds: Number(option('rounds', String(rounds))), jobs, vault,
    distUrl: (build) => `/iso/build/${folder}/${build}` };
}

/**
 * `measure(job, build, round)` for every job, `rounds` times a build, old and
 * new in turn (the first of each round alternating, so neither always runs on
 * a machine the other warmed); resolves to {job: {old: [results], new: [results]}}.
 */
export async function alternateBuilds({ jobs, rounds }, measure) {
  const results = {};
  for (const job of jobs) {
    results[job] = { old: [], new: [] };
    for (let round = 0; round < rounds; round++) {
      for (const build of round % 2 ? ['new', 'old'] : ['old', 'new']) results[job][build].push(await measure(job, build, round));
    }
  }
  return results;
}
