// The blur specification (docs: Specifications, Blur), written per byte so
// that it reads like the text. Every fast path (worker/blur-sliding.js, the
// wasm kernels in cpp/blur/) must give its exact bytes. Slow on purpose: a
// box blur here costs 2r + 1 reads per channel and pass.
//
// Images are {data, width, height}: RGBA8, rows top to bottom, width * 4 bytes
// a row, no padding. Arguments are assumed valid (the public API checks them).

/** The value of channel `c` at (x, y), with x and y clamped to the image. */
function at(image, x, y, c) {
  const cx = Math.min(Math.max(x, 0), image.width - 1);
  const cy = Math.min(Math.max(y, 0), image.height - 1);
  return image.data[(cy * image.width + cx) * 4 + c];
}

/** floor((S + r) / (2r + 1)): the mean of the 2r + 1 values, rounded half up. */
function mean(sum, radius) {
  return Math.floor((sum + radius) / (2 * radius + 1));
}

/** One direction of a box blur: `dx`, `dy` is (1, 0) for horizontal, (0, 1) for vertical. */
function passSpec(image, radius, dx, dy) {
  const { width, height } = image;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let k = -radius; k <= radius; k++) sum += at(image, x + k * dx, y + k * dy, c);
        data[(y * width + x) * 4 + c] = mean(sum, radius);
      }
    }
  }
  return { data, width, height };
}

/** The horizontal pass alone. */
export function horizontalPassSpec(image, radius) {
  return passSpec(image, radius, 1, 0);
}

/** The vertical pass alone. */
export function verticalPassSpec(image, radius) {
  return passSpec(image, radius, 0, 1);
}

/** One box blur: the horizontal pass, then the vertical pass. */
export function boxBlurOnceSpec(image, radius) {
  return verticalPassSpec(horizontalPassSpec(image, radius), radius);
}

/** `rect` of an image, as a new image. */
export function cropImage(image, rect) {
  const data = new Uint8ClampedArray(rect.width * rect.height * 4);
  for (let y = 0; y < rect.height; y++) {
    const from = ((rect.y + y) * image.width + rect.x) * 4;
    data.set(image.data.subarray(from, from + rect.width * 4), y * rect.width * 4);
  }
  return { data, width: rect.width, height: rect.height };
}

/**
 * The glass blur: three box blurs in a row. With `rect` ({x, y, width, height},
 * inside the image) only that rectangle's pixels come back, equal to the same
 * rectangle of the whole image's blur (this reference simply cuts them out).
 */
export function boxBlurSpec(image, radius, { rect } = {}) {
  let out = image;
  for (let i = 0; i < 3; i++) out = boxBlurOnceSpec(out, radius);
  return rect ? cropImage(out, rect) : out;
}
