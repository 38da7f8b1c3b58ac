// The bench page: starts the bench worker for one job and hands its log lines
// to the console (the Node runner prints them) and its result to the caller.
window.runBench = (job) => new Promise((resolve, reject) => {
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'bench' });
  worker.onmessage = ({ data }) => {
    if (data.type === 'log') {
      console.log(data.line);
      return;
    }
    worker.terminate();
    if (data.type === 'done') resolve(data);
    // The worker's stack already starts with "<name>: <message>".
    else reject(new Error(data.error.stack || `${data.error.name}: ${data.error.message}`));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    reject(new Error(`bench worker failed: ${event.message || 'could not start (see the console)'}`));
  };
  worker.postMessage(job);
});
