// The Night Garden's spores (issue 13 §3): glowing motes drifting up and
// sideways over the meadow, drawn with WebGL on their own canvas above the sky
// (the sky worker draws them on the same animation frame as the sky, so
// pausing the sky pauses them too). Each spore's path is a function of time
// and three numbers fixed at the start, computed in the vertex shader: a frame
// uploads one uniform, never the spores' positions.
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

/** Spores on `canvas` (an OffscreenCanvas); undefined where WebGL is missing. Returns {draw(ms)}. */
export function createSpores(canvas) {
  const gl = canvas.getContext('webgl', { alpha: true, premultipliedAlpha: true, antialias: false });
  if (!gl) return undefined;
  const program = gl.createProgram();
  gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX));
  gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(`spores program: ${gl.getProgramInfoLog(program)}`);
  gl.useProgram(program);

  let state = 7;   // a fixed garden: the same spores every time
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
  const seeds = new Float32Array(COUNT * 3).map(next);
  gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
  gl.bufferData(gl.ARRAY_BUFFER, seeds, gl.STATIC_DRAW);
  const seed = gl.getAttribLocation(program, 'seed');
  gl.enableVertexAttribArray(seed);
  gl.vertexAttribPointer(seed, 3, gl.FLOAT, false, 0, 0);
  const time = gl.getUniformLocation(program, 'time');
  const pixels = gl.getUniformLocation(program, 'pixels');
  gl.enable(gl.BLEND);
  gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
  gl.clearColor(0, 0, 0, 0);

  return {
    draw(ms) {
      gl.viewport(0, 0, canvas.width, canvas.height);
      gl.clear(gl.COLOR_BUFFER_BIT);
      gl.uniform1f(time, ms / 1000);
      gl.uniform2f(pixels, canvas.width, canvas.height);
      gl.drawArrays(gl.POINTS, 0, COUNT);
    },
  };
}
