// Which pixels a blur of a rectangle reads, for the page and the blur worker
// alike: the rectangle grown by 3r (exact), or by quarter mode's margin on
// even coordinates (cpp/blur/blur.cpp, exact_window and quarter_window), both
// clamped to the image. A crop of the image to this window, blurred with the
// rectangle inside it, gives the same bytes as the whole image's blur: so
// <glass-blur> sends only that window to its worker, and the JS fallback's
// quarter mode halves exactly the pixels the kernel halves.

/** `rect` grown by `margin` on each side, clamped to a width x height image. */
export function growRect(rect, margin, width, height) {
  const x = Math.max(rect.x - margin, 0);
  const y = Math.max(rect.y - margin, 0);
  return {
    x,
    y,
    width: Math.min(rect.x + rect.width + margin, width) - x,
    height: Math.min(rect.y + rect.height + margin, height) - y,
  };
}

/** Quarter mode's radius at half resolution. */
export const halfRadius = (radius) => (radius + 1) >> 1;

/**
 * The window of a width x height image that blurring `rect` at `radius` reads:
 * 'exact' grows it by 3r; 'quarter' by 6 * halfRadius(r) + 2 with its start
 * rounded down and its end up to even coordinates (or the image's edge).
 */
export function blurInputWindow(rect, radius, quality, width, height) {
  if (quality !== 'quarter') return growRect(rect, 3 * radius, width, height);
  const g = growRect(rect, 6 * halfRadius(radius) + 2, width, height);
  const xEnd = Math.min(g.x + g.width + ((g.x + g.width) % 2), width);
  const yEnd = Math.min(g.y + g.height + ((g.y + g.height) % 2), height);
  const x = g.x & ~1;
  const y = g.y & ~1;
  return { x, y, width: xEnd - x, height: yEnd - y };
}
