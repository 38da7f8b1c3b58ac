// The page paints before the demo's code loads. Its first frame then needs the
// HTML and the two style sheets alone, not the demo's two dozen modules and the
// elements' bundle behind them: on a first visit over a phone's link that is
// the difference between text in about one second and in two and a half
// (Lighthouse's mobile run, issue 33). A hidden tab draws no frame to wait for.
//
// "Paints" means the first contentful paint has been presented, not only that a
// frame was asked for: a first frame can take a second to reach the screen
// (headless Chromium here, a busy phone), and every module requested before it
// is counted on the way to that paint (Lighthouse's FCP and LCP, issue 33).
// Where paint timing is not reported at all, one animation frame and a task.
let started = false;
const start = () => {
  if (started) return;
  started = true;
  import('./demo.js');
};
const paintReported = PerformanceObserver.supportedEntryTypes?.includes('paint');
if (document.visibilityState !== 'visible') start();
else if (paintReported && performance.getEntriesByName('first-contentful-paint').length) start();
else if (paintReported) {
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint' });
  // A page hidden before it paints never paints: it starts when hidden, as above.
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 3000);   // and should a paint never be reported, the demo still starts
} else requestAnimationFrame(() => setTimeout(start, 0));
