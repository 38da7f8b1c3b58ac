// The Night Garden's spores (issue 13 §3): glowing motes drifting up and
// sideways over the meadow, drawn by the sky worker into the sky itself on the
// same animation frame (so pausing the sky pauses them, and the page
// composites one canvas, not two: two full-window canvases updated every frame
// cost the software compositor of a GPU-less machine frames; cpp/blur/NOTES.md).
// With WebGL (on an OffscreenCanvas of the worker's own, copied into the sky
// with drawImage) each spore's path is a function of time and three numbers
// fixed at the start, computed in the vertex shader: a frame uploads one
// uniform, never the spores' positions. Where the worker has no WebGL, or only
// WebGL on the CPU, the same paths are computed in JS and each spore drawn as a
// sprite.
const COUNT = 90;

const VERTEX = `
attribute vec3 seed;   // x: start across, y: start height, z: size and speed, all 0..1
uniform float time;     // seconds
uniform vec2 pixels;    // the canvas size
varying float glow;
void main() {
  float speed = 0.35 + 0.65 * seed.z;
  // Up from the meadow (y 0.95) to above it (y 0.45), then again from the meadow; a slow sway sideways.
  float rise = fract(seed.y + time * 0.018 * speed);
  float y = 0.95 - 0.5 * rise;
  float x = fract(seed.x + time * 0.006 * speed + 0.025 * sin(time * 0.7 * speed + seed.y * 6.2832));
  gl_Position = vec4(x * 2.0 - 1.0, 1.0 - y * 2.0, 0.0, 1.0);
  gl_PointSize = (2.0 + 4.0 * seed.z) * max(pixels.y / 450.0, 1.0);
  // Fade in over the meadow and out near the top; twinkle.
  glow = smoothstep(0.0, 0.15, rise) * (1.0 - smoothstep(0.7, 1.0, rise)) * (0.6 + 0.4 * sin(time * 2.3 + seed.x * 40.0));
}`;

const FRAGMENT = `
precision mediump float;
varying float glow;
void main() {
  float d = length(gl_PointCoord - vec2(0.5));
  float a = glow * smoothstep(0.5, 0.0, d);
  gl_FragColor = vec4(vec3(0.85, 1.0, 0.6) * a, a);
}`;

function compile(gl, type, source) {
  const shader = gl.createShader(type);
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(`spores shader: ${gl.getShaderInfoLog(shader)}`);
  return shader;
}

/** How many pixels of RGBA bytes are lit (alpha > 0). */
function litPixels(data) {
  let lit = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) lit++;
  return lit;
}

/** The spores' seeds, the same every time (a fixed garden): x, y, size and speed per spore, 0..1. */
function seeds() {
  let state = 7;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
  return new Float32Array(COUNT * 3).map(next);
}

/** WebGL spores on `canvas`, an OffscreenCanvas whose context is `gl`. */
function webglSpores(canvas, gl) {
  const program = gl.createProgram();
  gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX));
  gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(`spores program: ${gl.getProgramInfoLog(program)}`);
  gl.useProgram(program);
  gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
  gl.bufferData(gl.ARRAY_BUFFER, seeds(), gl.STATIC_DRAW);
  const seed = gl.getAttribLocation(program, 'seed');
  gl.enableVertexAttribArray(seed);
  gl.vertexAttribPointer(seed, 3, gl.FLOAT, false, 0, 0);
  const time = gl.getUniformLocation(program, 'time');
  const pixels = gl.getUniformLocation(program, 'pixels');
  gl.enable(gl.BLEND);
  gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
  gl.clearColor(0, 0, 0, 0);
  const render = (ms) => {
    gl.viewport(0, 0, canvas.width, canvas.height);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.uniform1f(time, ms / 1000);
    gl.uniform2f(pixels, canvas.width, canvas.height);
    gl.drawArrays(gl.POINTS, 0, COUNT);
  };
  return {
    path: 'webgl',
    /** Draws the spores at `ms` over what `context` (the sky's 2D context) holds. */
    draw(context, ms) {
      render(ms);
      context.drawImage(canvas, 0, 0);
    },
    /** How many pixels the spores alone light at `ms`. */
    lit(ms) {
      render(ms);
      const data = new Uint8Array(canvas.width * canvas.height * 4);
      gl.readPixels(0, 0, canvas.width, canvas.height, gl.RGBA, gl.UNSIGNED_BYTE, data);
      return litPixels(data);
    },
    resize(w, h) {
      canvas.width = w;
      canvas.height = h;
    },
  };
}

// WebGL that runs on the CPU (no GPU): each frame of WebGL spores is then read back to be copied into the 2D
// sky, which kept the sky worker 20-25 points busier, and the GPU process 0.1 s a second busier, than sprites
// (Chromium's SwiftShader here; cpp/blur/NOTES.md).
const SOFTWARE = /swiftshader|llvmpipe|softpipe|software/i;

function rendererOf(gl) {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
}

/**
 * The spores to draw into the sky: with WebGL where this worker has it on a GPU (or wherever it has it, with
 * `prefer` = 'webgl'; sprites always with '2d'), else sprites drawn with the sky's own 2D context (the shader's
 * paths in JS). {path: 'webgl' | '2d', renderer (WebGL's, '' without WebGL), draw(context, ms), lit(ms),
 * resize(width, height)}.
 */
export function createSpores(width, height, prefer) {
  const canvas = new OffscreenCanvas(width, height);
  const gl = prefer === '2d' ? null : canvas.getContext('webgl', { alpha: true, premultipliedAlpha: true, antialias: false });
  const renderer = gl ? rendererOf(gl) : '';
  if (gl && (prefer === 'webgl' || !SOFTWARE.test(renderer))) return { ...webglSpores(canvas, gl), renderer };
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
  return { ...spriteSpores(width, height), renderer };
}

/** The same spores drawn as sprites with a 2D context: the vertex shader's paths and glow, the fragment's fall-off. */
function spriteSpores(width, height) {
  const size = { width, height };
  const seed = seeds();
  const SPRITE = 32;
  const sprite = new OffscreenCanvas(SPRITE, SPRITE);
  const paint = sprite.getContext('2d');
  const fall = paint.createRadialGradient(SPRITE / 2, SPRITE / 2, 0, SPRITE / 2, SPRITE / 2, SPRITE / 2);
  fall.addColorStop(0, 'rgba(217, 255, 153, 1)');
  fall.addColorStop(1, 'rgba(217, 255, 153, 0)');
  paint.fillStyle = fall;
  paint.fillRect(0, 0, SPRITE, SPRITE);
  const fract = (x) => x - Math.floor(x);
  const smoothstep = (a, b, x) => {
    const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
    return t * t * (3 - 2 * t);
  };
  const draw = (context, ms) => {
    const time = ms / 1000;
    for (let i = 0; i < COUNT; i++) {
      const [sx, sy, sz] = [seed[3 * i], seed[3 * i + 1], seed[3 * i + 2]];
      const speed = 0.35 + 0.65 * sz;
      const rise = fract(sy + time * 0.018 * speed);
      const y = 0.95 - 0.5 * rise;
      const x = fract(sx + time * 0.006 * speed + 0.025 * Math.sin(time * 0.7 * speed + sy * 6.2832));
      const side = (2 + 4 * sz) * Math.max(size.height / 450, 1);
      const glow = smoothstep(0, 0.15, rise) * (1 - smoothstep(0.7, 1, rise)) * (0.6 + 0.4 * Math.sin(time * 2.3 + sx * 40));
      if (glow <= 0) continue;
      context.globalAlpha = Math.min(1, glow);
      context.drawImage(sprite, x * size.width - side / 2, y * size.height - side / 2, side, side);
    }
    context.globalAlpha = 1;
  };
  return {
    path: '2d',
    draw,
    lit(ms) {
      const scratch = new OffscreenCanvas(size.width, size.height).getContext('2d');
      draw(scratch, ms);
      return litPixels(scratch.getImageData(0, 0, size.width, size.height).data);
    },
    resize(w, h) {
      Object.assign(size, { width: w, height: h });
    },
  };
}
