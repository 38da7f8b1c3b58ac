// Counts in the user's locale for the elements' status lines: the language
// the element speaks (components/internal/localize.js). One formatter per locale and
// page, made when first needed. The first Intl format a page makes loads its
// locale data (25-78 ms in Chromium); making it ahead, in an idle callback,
// was tried and dropped: that is then a long task of its own (50-65 ms in the
// demo's first second, where a test allows none over 50 ms), and it may fall
// on a key the user types.
//
// English without Intl: for 'en' and 'en-US' a finite number under 1e21 is
// written as Intl.NumberFormat writes it (digits grouped by threes with ',',
// '.' before the fraction, rounded half away from zero, a '-' kept on a value
// rounded to 0), so an English page never pays that load for a count. It was
// a texture's ready status in the demo ("ready in 1,234 ms"), inside the task
// that drew its last band: 113-132 ms tasks at load 5, 70 ms of them the
// format's first making. tests/js/number-format.test.js compares it with Intl.

const formats = new Map();
const PLAIN_ENGLISH = new Set(['en', 'en-us']);

/** True when `englishNumber()` writes `n` in `lang` as Intl.NumberFormat does. */
function plainEnglish(lang, n) {
  return PLAIN_ENGLISH.has(String(lang).toLowerCase()) && Number.isFinite(n) && Math.abs(n) < 1e21;
}

/** The decimal digits of `x` (>= 0, under 1e21) as [whole, fraction], from its shortest form, which Intl rounds. */
function decimalParts(x) {
  const [mantissa, exponent = '0'] = String(x).split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  if (point < 1) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point, '0');
  return [digits.slice(0, point), digits.slice(point)];
}

/** The decimal string `digits` plus one in its last place ("0999" -> "1000", "99" -> "100"). */
function incremented(digits) {
  const out = digits.split('');
  let i = out.length - 1;
  while (i >= 0 && out[i] === '9') out[i--] = '0';
  if (i < 0) out.unshift('1');
  else out[i] = String(Number(out[i]) + 1);
  return out.join('');
}

/**
 * `n` as Intl.NumberFormat('en', options) writes it, for a finite `n` under 1e21 ("5,000", "-0.5", "1,234.568"):
 * the shortest decimal form of `n` rounded half away from zero to `maximumFractionDigits`, as ICU rounds it.
 * @param {number} n
 * @param {{minimumFractionDigits?: number, maximumFractionDigits?: number}} [options]
 */
export function englishNumber(n, { minimumFractionDigits = 0, maximumFractionDigits = Math.max(minimumFractionDigits, 3) } = {}) {
  let [whole, fraction] = decimalParts(Math.abs(n));
  if (fraction.length > maximumFractionDigits) {
    const up = fraction[maximumFractionDigits] >= '5';
    fraction = fraction.slice(0, maximumFractionDigits);
    if (up) {
      const sum = incremented(whole + fraction);
      whole = sum.slice(0, sum.length - fraction.length);
      fraction = sum.slice(sum.length - fraction.length);
    }
  }
  while (fraction.length > minimumFractionDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  fraction = fraction.padEnd(minimumFractionDigits, '0');
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

function intlFormat(lang) {
  try {
    return new Intl.NumberFormat(lang || undefined);
  } catch {
    return new Intl.NumberFormat();   // a lang attribute that is no locale
  }
}

/** The cached number format of `lang` (the browser's for '' or a lang that is no locale): `{format(n)}`. */
export function numberFormatFor(lang) {
  let format = formats.get(lang);
  if (!format) {
    let intl;
    format = PLAIN_ENGLISH.has(String(lang).toLowerCase())
      ? { format: (n) => (plainEnglish(lang, n) ? englishNumber(n) : (intl ??= intlFormat(lang)).format(n)) }
      : intlFormat(lang);
    formats.set(lang, format);
  }
  return format;
}

/** `n` formatted for `lang` with fraction digit options ("2.0 s"); English without Intl, as above. */
export function formatNumberIn(lang, n, options = {}) {
  const { minimumFractionDigits, maximumFractionDigits, ...rest } = options;
  if (plainEnglish(lang, n) && Object.keys(rest).length === 0) return englishNumber(n, { minimumFractionDigits, maximumFractionDigits });
  return new Intl.NumberFormat(lang, options).format(n);
}
