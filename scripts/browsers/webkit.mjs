// WebKitGTK (JavaScriptCore): Debian's WebKitWebDriver (webkit2gtk-driver) and
// MiniBrowser (libwebkit2gtk-4.1-0), driven by selenium-webdriver over W3C
// WebDriver, loopback only. MiniBrowser has no headless mode: run under Xvfb,
//   xvfb-run -a node tests/browser/run.mjs --engine=webkit
// (see docs/browser-engines.md for where each setting comes from).
//
// Classic WebDriver has one current window per session: each page is a window
// of its own, and every command switches to its page's window first (commands
// are queued, so two pages never interleave). The session's first window stays
// open and blank, since closing the last window ends the session.
// Classic WebDriver also has no console or page-error events: each page gets
// listeners (error, unhandledrejection, console.error) after it loads, and
// what they saw is collected with every evaluate(); errors thrown while the
// page is still loading are not seen.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { Builder, Key } from 'selenium-webdriver';
import { descendantsMemory } from './proc.mjs';

const DRIVER = process.env.WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.MINIBROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const SESSION_TIMEOUT_MS = 30000;
const QUIT_TIMEOUT_MS = 10000;
const SCRIPT_TIMEOUT_MS = 120000;
const COMMAND_LIMIT_MS = SCRIPT_TIMEOUT_MS + 10000;

const freePort = () => new Promise((resolve, reject) => {
  const server = net.createServer().once('error', reject).listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});

async function waitForDriver(url, ms = 10000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try { if ((await fetch(`${url}/status`)).ok) return; } catch { /* not up yet */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver did not come up');
}

/** Rejects after `ms`: a MiniBrowser that cannot start makes new-session hang forever. */
function within(promise, ms, what) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${ms} ms`)), ms);
  })]).finally(() => clearTimeout(timer));
}

/**
 * WebKitWebDriver ends the session when a web process crashes, or leaves a
 * command unanswered when the crash comes while a script runs: tells the suite's
 * runner (tests/browser/run.mjs, through MEMENTO_CRASH_LOG) which file it was.
 */
function noteCrash(error) {
  if (!/page crash|WebKitWebDriver command: no answer/.test(error?.message) || !process.env.MEMENTO_CRASH_LOG) return;
  appendFileSync(process.env.MEMENTO_CRASH_LOG, `${JSON.stringify({ file: process.argv[1], message: error.message })}\n`);
}

/** Launches WebKitGTK; resolves to the engine-neutral browser the harness describes. */
export async function launch() {
  if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    throw new Error('webkit: no DISPLAY, and MiniBrowser has no headless mode: run under `xvfb-run -a`');
  }
  const port = await freePort();
  // The driver leads a process group of its own, with MiniBrowser and its web
  // processes in it, so one signal ends them all: after a web process crash,
  // WebKitWebDriver's quit can fail and leave MiniBrowser running, holding the
  // test runner's stderr open (CI then waited ten minutes on a finished file).
  const driverProcess = spawn(DRIVER, [`--port=${port}`, '--host=127.0.0.1'], { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const killDriver = () => {
    try { process.kill(-driverProcess.pid, 'SIGKILL'); } catch { /* already gone */ }
  };
  // Even if the test process dies without close(), the driver and its browser must not outlive it.
  const killAndExit = (signal) => { killDriver(); process.exit(128 + (signal === 'SIGINT' ? 2 : 15)); };
  process.once('exit', killDriver);
  process.once('SIGINT', killAndExit);
  process.once('SIGTERM', killAndExit);
  const driverUrl = `http://127.0.0.1:${port}`;
  let driver;
  try {
    await waitForDriver(driverUrl);
    driver = await within(new Builder().usingServer(driverUrl).withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    }).build(), SESSION_TIMEOUT_MS, 'WebKitWebDriver new session');
    await driver.manage().setTimeouts({ script: SCRIPT_TIMEOUT_MS, pageLoad: 60000 });
  } catch (error) {
    await within(driver?.quit() ?? Promise.resolve(), QUIT_TIMEOUT_MS, 'WebKitWebDriver quit').catch(() => {});
    killDriver();
    throw error;
  }
  const capabilities = await driver.getCapabilities();
  const home = await driver.getWindowHandle();
  // One command at a time, on the window of the page that sent it.
  let queue = Promise.resolve();
  let current = home;
  const onWindow = (handle, command) => {
    const run = queue.then(async () => {
      if (current !== handle) {
        await driver.switchTo().window(handle);
        current = handle;
      }
      // A web process that dies while a script runs can leave the command unanswered for good.
      return within(command(), COMMAND_LIMIT_MS, 'WebKitWebDriver command');
    });
    queue = run.catch(noteCrash);
    return run;
  };
  return {
    name: 'webkit',
    version: `${capabilities.get('browserName')} ${capabilities.get('browserVersion')}`,
    capabilities: { longTasks: false, workerTargets: false, rendererMemory: process.platform === 'linux', sharedArrayBufferGlobal: false,
      framesWhileTyping: false, emulateMedia: false },
    unsupported: {
      emulateMedia: 'classic W3C WebDriver (WebKitWebDriver) has no command to emulate media features (prefers-reduced-motion)',
      sharedArrayBufferGlobal: 'WebKitGTK leaves the global SharedArrayBuffer undefined even when crossOriginIsolated (a shared WebAssembly.Memory can be made but not posted to a worker: DataCloneError)',
      longTasks: 'WebKit has no Long Tasks API (PerformanceObserver type "longtask")',
      workerTargets: 'classic W3C WebDriver (WebKitWebDriver) cannot list a page\'s dedicated workers from outside',
      rendererMemory: 'web process memory is read from /proc, which only Linux has',
      framesWhileTyping: 'typing through WebKitWebDriver under Xvfb costs frames by itself: into a page holding nothing but '
        + 'a plain <input>, ten key presses left 27-60 ms between frames (2-7 frames in 110-140 ms; Chromium 16.7 ms)',
    },
    async newPage() {
      // From the blank first window, which always exists (the current one may just have closed).
      const handle = await onWindow(home, async () => {
        await driver.switchTo().newWindow('window');
        current = await driver.getWindowHandle();
        return current;
      });
      return wrapPage(driver, handle, onWindow, () => { if (current === handle) current = undefined; });
    },
    /** Resident memory of WebKit's web processes (pages and their workers), in bytes; Linux only. */
    rendererMemory: () => descendantsMemory(driverProcess.pid, (command) => command.includes('WebKitWebProcess')),
    async close() {
      try {
        // A crashed or hung page can leave a command, or quit itself, without an answer.
        await within(queue, QUIT_TIMEOUT_MS, 'the last WebDriver command').catch(() => {});
        // A crash in the file's last test shows only when the session is asked again.
        await within(driver.getAllWindowHandles(), QUIT_TIMEOUT_MS, 'WebKitWebDriver window list').catch(noteCrash);
        await within(driver.quit(), QUIT_TIMEOUT_MS, 'WebKitWebDriver quit').catch(() => {});
      } finally {
        killDriver();
        process.off('exit', killDriver);
        process.off('SIGINT', killAndExit);
        process.off('SIGTERM', killAndExit);
      }
    },
  };
}

// WebDriver key codes for the key names the tests use (Playwright's names).
const KEYS = {
  Tab: Key.TAB, Enter: Key.ENTER, Escape: Key.ESCAPE, Backspace: Key.BACK_SPACE, Delete: Key.DELETE, Space: Key.SPACE,
  ArrowDown: Key.ARROW_DOWN, ArrowUp: Key.ARROW_UP, ArrowLeft: Key.ARROW_LEFT, ArrowRight: Key.ARROW_RIGHT,
  Home: Key.HOME, End: Key.END, PageUp: Key.PAGE_UP, PageDown: Key.PAGE_DOWN,
  Shift: Key.SHIFT, Control: Key.CONTROL, Alt: Key.ALT, Meta: Key.META,
};
const keyOf = (name) => {
  if (KEYS[name]) return KEYS[name];
  if ([...name].length === 1) return name;
  throw new Error(`webkit: unknown key "${name}"`);
};

// Runs in the page: records page errors and console.error calls into window.__problems.
const WATCH_PROBLEMS = `
  if (!window.__problems) {
    window.__problems = [];
    addEventListener('error', (event) => window.__problems.push('pageerror: ' + (event.error?.message ?? event.message)));
    addEventListener('unhandledrejection', (event) => window.__problems.push('pageerror: ' + (event.reason?.message ?? event.reason)));
    const error = console.error;
    console.error = function (...args) {
      window.__problems.push('console.error: ' + args.map(String).join(' '));
      return error.apply(this, args);
    };
  }`;

// Runs `fn(arg)` in the page and reports its value (or error) and the problems
// seen so far. WebDriver's JSON would turn undefined into null and typed arrays
// into objects: the value is encoded here and decoded by decode() below.
const EVALUATE = `
  const done = arguments[arguments.length - 1];
  const problems = () => (window.__problems ? window.__problems.splice(0) : []);
  const encode = (v) => {
    if (v === undefined) return { t: 'u' };
    if (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0))) return { t: 'n', v: String(v) };
    if (typeof v === 'bigint') return { t: 'b', v: String(v) };
    if (v === null || typeof v !== 'object') return { t: 'p', v };
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) return { t: 'ta', c: v.constructor.name, v: Array.from(v, String) };
    if (Array.isArray(v)) return { t: 'a', v: v.map(encode) };
    if (v instanceof Date) return { t: 'd', v: v.toISOString() };
    return { t: 'o', v: Object.entries(v).map(([k, x]) => [k, encode(x)]) };
  };
  Promise.resolve().then(() => (%FN%)(arguments[0])).then(
    (value) => done({ ok: true, value: encode(value), problems: problems() }),
    (error) => done({ ok: false, name: error?.name ?? 'Error', message: String(error?.message ?? error), problems: problems() }));`;

function decode({ t, v, c }) {
  switch (t) {
    case 'u': return undefined;
    case 'n': return Number(v);
    case 'b': return BigInt(v);
    case 'ta': return c.startsWith('Big') ? new globalThis[c](v.map(BigInt)) : new globalThis[c](v.map(Number));
    case 'a': return v.map(decode);
    case 'd': return new Date(v);
    case 'o': return Object.fromEntries(v.map(([k, x]) => [k, decode(x)]));
    default: return v;
  }
}

function wrapPage(driver, handle, onWindow, forget) {
  const problems = [];
  const evaluate = (fn, arg) => onWindow(handle, async () => {
    const reply = await driver.executeAsyncScript(EVALUATE.replace('%FN%', () => fn.toString()), arg ?? null);
    problems.push(...reply.problems);
    if (!reply.ok) throw Object.assign(new Error(`evaluate failed in the page: ${reply.name}: ${reply.message}`), { name: reply.name });
    return decode(reply.value);
  });
  return {
    problems,
    goto: (url) => onWindow(handle, async () => {
      await driver.get(url);
      await driver.executeScript(WATCH_PROBLEMS);
    }),
    evaluate,
    press: (key) => onWindow(handle, async () => {
      // "Shift+Tab": hold the modifiers, press the key, release them.
      const parts = key.split('+').filter(Boolean).map(keyOf);
      const last = parts.pop();
      let actions = driver.actions({ async: true });
      for (const modifier of parts) actions = actions.keyDown(modifier);
      actions = actions.keyDown(last).keyUp(last);
      for (const modifier of parts.reverse()) actions = actions.keyUp(modifier);
      await actions.perform();
    }),
    type: (text) => onWindow(handle, () => driver.actions({ async: true }).sendKeys(text).perform()),
    addScript: async (file) => {
      const source = await readFile(file, 'utf8');
      await onWindow(handle, () => driver.executeScript(
        'const script = document.createElement("script"); script.textContent = arguments[0]; document.head.append(script);', source));
    },
    screenshot: async (file) => {
      const png = await onWindow(handle, () => driver.takeScreenshot());
      await writeFile(file, Buffer.from(png, 'base64'));
    },
    async workerTargets() {
      throw new Error('webkit: workerTargets() is not available (check engine.capabilities.workerTargets)');
    },
    close: () => onWindow(handle, async () => {
      await driver.close();
      forget();
    }),
  };
}
