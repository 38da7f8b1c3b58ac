// The Night Garden's sky (demo/night-garden.js): an aurora over a starry
// gradient with spores drifting over its meadow (demo/night-spores.js: WebGL on
// a canvas of this worker's own, copied into the sky), drawn in this worker on
// the page's one canvas (transferControlToOffscreen) at half the window's
// resolution, on the worker's own animation frames. Every
// frame is also sent into each port the page handed over (one per
// <glass-blur>, connected with connectSource(port)), so the glass
// workers get the sky's pixels without the page touching them: an ImageBitmap
// of the whole sky until a glass worker says which part it reads ({want} on
// its port: worker/blur-ops.js attach()), then that part's bytes
// (getImageData), transferred.
//   {type: 'start', canvas, spores}   start drawing on `canvas` (an OffscreenCanvas), the spores as `spores` says
//                             (undefined: WebGL on a GPU, else sprites; 'webgl' or '2d'); replies {type: 'spores', path,
//                             renderer, lit}: how the spores are drawn ('webgl', or '2d' where this worker has no
//                             WebGL or only on the CPU), WebGL's renderer, how many pixels the spores alone light
//                             in the first frame
//   {type: 'ports', ports}    replace the ports frames go to ([] in CSS backdrop-filter mode)
//   {type: 'resize', width, height}
//   {type: 'pause', paused}   stop animating (hidden page, reduced motion) or go on; paused, one still frame stays
//   {type: 'stats'}           replies {type: 'stats', frames, busyShare} since the last {type: 'reset'}
//   {type: 'reset'}
import { createSpores } from './night-spores.js';
import { shownCanvasContext } from '../common/canvas-quirks.js';

let canvas;
let context;
let spores;   // demo/night-spores.js createSpores()
let ports = [];
let stars = [];
let backdrop;   // the gradient and the meadow (paintBackdrop)
let frames = 0;
let busyMs = 0;
let since = performance.now();
let paused = false;
let looping = false;

const nextFrame = typeof self.requestAnimationFrame === 'function'
  ? (f) => self.requestAnimationFrame(f)
  : (f) => setTimeout(() => f(performance.now()), 16);

function makeStars(width, height) {
  let seed = 2026;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  stars = Array.from({ length: Math.round(width * height / 2000) }, () => ({
    x: Math.floor(next() * width), y: Math.floor(next() * height * 0.8), phase: next() * Math.PI * 2,
  }));
}

// What does not move, painted once: the gradient and the meadow (no star or ribbon reaches down to it; the sky
// worker was 5-9 points less busy with this blit than with the gradient and the meadow's path every frame).
function paintBackdrop(width, height) {
  const backdrop = new OffscreenCanvas(width, height);
  const paint = backdrop.getContext('2d');
  const sky = paint.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, '#040816');
  sky.addColorStop(0.6, '#0b1a3a');
  sky.addColorStop(1, '#12301f');
  paint.fillStyle = sky;
  paint.fillRect(0, 0, width, height);
  paint.fillStyle = '#07140c';
  paint.beginPath();
  paint.moveTo(0, height);
  for (let x = 0; x <= width; x += 24) paint.lineTo(x, height * 0.88 + Math.sin(x / 60) * height * 0.02);
  paint.lineTo(width, height);
  paint.fill();
  return backdrop;
}

function draw(now) {
  const start = performance.now();
  const { width, height } = canvas;
  const t = now / 1000;
  if (backdrop?.width !== width || backdrop?.height !== height) backdrop = paintBackdrop(width, height);
  context.globalCompositeOperation = 'source-over';
  context.drawImage(backdrop, 0, 0);
  // One colour and an alpha per star: a colour string per star cost a parse each.
  context.fillStyle = 'rgb(255, 255, 240)';
  for (const star of stars) {
    context.globalAlpha = 0.5 + 0.5 * Math.sin(t * 2 + star.phase);
    context.fillRect(star.x, star.y, 1, 1);
  }
  context.globalAlpha = 1;
  // Three aurora ribbons: bands of light whose top edge waves with time, each one filled path (a fill per
  // 6-px column, 360 a frame, kept the sky worker 70-85% busy under software raster).
  context.globalCompositeOperation = 'lighter';
  const ribbons = [['80, 255, 170', 0.28, 0.9, 0], ['120, 160, 255', 0.36, 1.3, 2], ['220, 120, 255', 0.22, 0.7, 4]];
  for (const [rgb, base, speed, phase] of ribbons) {
    const glow = context.createLinearGradient(0, height * (base - 0.15), 0, height * (base + 0.25));
    glow.addColorStop(0, `rgba(${rgb}, 0)`);
    glow.addColorStop(0.4, `rgba(${rgb}, 0.45)`);
    glow.addColorStop(1, `rgba(${rgb}, 0)`);
    context.fillStyle = glow;
    const step = 6;
    const tops = [];
    for (let x = 0; x <= width + step; x += step) {
      const wave = Math.sin(x / 90 + t * speed + phase) * 0.06 + Math.sin(x / 37 - t * speed * 1.7) * 0.025;
      tops.push([x, height * (base - 0.12 + wave)]);
    }
    context.beginPath();
    context.moveTo(tops[0][0], tops[0][1]);
    for (const [x, top] of tops) context.lineTo(x, top);
    for (let i = tops.length - 1; i >= 0; i--) context.lineTo(tops[i][0], tops[i][1] + height * 0.35);
    context.closePath();
    context.fill();
  }
  context.globalCompositeOperation = 'source-over';
  spores.draw(context, now);
  frames++;
  busyMs += performance.now() - start;
}

// Each port's glass worker says which part of the sky it reads ({want}); until it does, it gets the whole sky.
function crop(target) {
  const { want, sourceWidth, sourceHeight } = target;
  if (!want || sourceWidth !== canvas.width || sourceHeight !== canvas.height) return undefined;
  return want;
}

async function send() {
  if (ports.length === 0) return;
  const targets = ports;
  const start = performance.now();
  const frames = await Promise.all(targets.map(async (target) => {
    const part = crop(target);
    if (!part) return { bitmap: await createImageBitmap(canvas) };
    // The part's bytes, read here: an ImageBitmap made the glass worker read it back instead, which waited behind
    // the GPU process (glass workers 44-69% busy for both bars, against 27-41% with pixels; NOTES.md).
    const pixels = context.getImageData(part.x, part.y, part.width, part.height).data;
    return { pixels, width: part.width, height: part.height, x: part.x, y: part.y, sourceWidth: canvas.width,
      sourceHeight: canvas.height };
  }));
  busyMs += performance.now() - start;
  targets.forEach((target, i) => {
    if (ports.includes(target)) target.port.postMessage(frames[i], [frames[i].bitmap ?? frames[i].pixels.buffer]);
    else frames[i].bitmap?.close();
  });
}

function loop(now) {
  if (paused) {
    looping = false;
    return;
  }
  draw(now);
  send().catch(() => {});
  nextFrame(loop);
}

function startLoop() {
  if (looping || paused || !canvas) return;
  looping = true;
  nextFrame(loop);
}

self.onmessage = ({ data }) => {
  switch (data.type) {
    case 'start':
      canvas = data.canvas;
      // Opaque (the backdrop covers every pixel): the compositor copies the sky instead of blending it over the
      // page's background (GPU process 0.46 s a second busy instead of 0.53, gaps over 20 ms 2 instead of 13
      // in 10 s; cpp/blur/NOTES.md).
      // CPU-backed (willReadFrequently) where the page asks: WebKit's web process crashes with a GPU-backed canvas
      // animated by a worker (common/canvas-quirks.js).
      context = shownCanvasContext(canvas, data.cpu, { alpha: false });
      spores = createSpores(canvas.width, canvas.height, data.spores);
      makeStars(canvas.width, canvas.height);
      self.postMessage({ type: 'spores', path: spores.path, renderer: spores.renderer, lit: spores.lit(performance.now()) });
      since = performance.now();
      paused = Boolean(data.paused);
      draw(performance.now());
      startLoop();
      break;
    case 'pause':
      paused = Boolean(data.paused);
      startLoop();
      break;
    case 'ports':
      for (const target of ports) target.port.close();
      ports = data.ports.map((port) => {
        const target = { port, want: undefined, sourceWidth: 0, sourceHeight: 0 };
        port.onmessage = ({ data: asked }) => {
          if (!asked?.want) return;
          Object.assign(target, { want: asked.want, sourceWidth: asked.sourceWidth, sourceHeight: asked.sourceHeight });
          if (paused && canvas) send().catch(() => {});   // a still sky sends the new part at once
        };
        return target;
      });
      if (paused && canvas) send().catch(() => {});   // a still sky still reaches new glass
      break;
    case 'resize':
      canvas.width = data.width;
      canvas.height = data.height;
      spores.resize(data.width, data.height);
      makeStars(data.width, data.height);
      break;
    case 'stats': {
      const elapsed = performance.now() - since;
      self.postMessage({ type: 'stats', frames, busyShare: elapsed > 0 ? Math.min(1, busyMs / elapsed) : 0, elapsedMs: elapsed });
      break;
    }
    case 'reset':
      frames = 0;
      busyMs = 0;
      since = performance.now();
      break;
    default:
  }
};
