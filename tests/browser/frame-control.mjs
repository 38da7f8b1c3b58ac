// Frame tests judged against a control: the same page, on the same host, in
// windows interleaved with the subject's, without the work under test (a
// glass hidden, so paused). This host drops frames with nothing of ours
// running: with two busy loops on its two cores, the animated canvas alone
// dropped 3 frames in 8 windows of 3 s, and with two glasses over it 2; with
// three loops, 5 and 6 (cpp/blur/NOTES.md, "Judged against a control"). The host-stall probe
// cannot see that (the compositor missing a vsync under contention), and CI
// runs saw it in every window twice. So:
//   - a subject window with no gap over the bound and no long task (beyond the
//     host's stalls, host-stalls.mjs) passes at once, as before;
//   - after each window that misses, a control window runs;
//   - if every subject window missed, the subject passes only if it dropped no
//     more than the control did, with a margin for chance: gaps <= 2 x the
//     control's + 2, long tasks <= 2 x the control's (none if it had none).
// Work of ours that drops a frame every window still fails: 5 or more gaps
// against a quiet control's 0 to 2 (checked in harness.test.mjs).

/**
 * The verdict on judged windows (judgeFrames results): subject and control.
 * @returns {{ok: boolean, clean: boolean, gaps: number[], tasks: number[], report: string}}
 *   gaps/tasks: [subject, control] counts of the page's own (beyond host stalls).
 */
export function verdictAgainstControl(subject, control) {
  const count = (list, key) => list.reduce((sum, judged) => sum + judged.ours[key].length, 0);
  const clean = subject.some((judged) => judged.clean);
  const gaps = [count(subject, 'gaps'), count(control, 'gaps')];
  const tasks = [count(subject, 'tasks'), count(control, 'tasks')];
  const ok = clean || (gaps[0] <= 2 * gaps[1] + 2 && tasks[0] <= 2 * tasks[1]);
  const lines = [...subject.map((judged, i) => `window ${i + 1}: ${judged.summary}`),
    ...control.map((judged, i) => `control ${i + 1}: ${judged.summary}`)];
  const report = clean ? `a clean window (${lines.join('; ')})`
    : `every window missed; the page's own gaps ${gaps[0]} against the control's ${gaps[1]}, long tasks ${tasks[0]} `
      + `against ${tasks[1]} (${lines.join('; ')})`;
  return { ok, clean, gaps, tasks, report };
}

/**
 * Runs subject windows (up to `attempts`), each followed by a control window when it missed, and returns
 * verdictAgainstControl() of them, with the subject windows' judgements as `windows`. measure(true) measures
 * a subject window, measure(false) a control window; each resolves to { frames, longTasks, since } in epoch ms.
 * `host` is watchHostStalls().
 */
export async function judgeAgainstControl({ host, measure, attempts = 5, boundMs = 20, onWindow = () => {} }) {
  const subject = [];
  const control = [];
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const window = await measure(true);
    const judged = await host.judge({ ...window, boundMs });
    subject.push(judged);
    onWindow({ kind: 'window', attempt, judged, window });
    if (judged.clean) break;
    const quiet = await measure(false);
    const judgedControl = await host.judge({ ...quiet, boundMs });
    control.push(judgedControl);
    onWindow({ kind: 'control', attempt, judged: judgedControl, window: quiet });
  }
  return { ...verdictAgainstControl(subject, control), windows: subject };
}
