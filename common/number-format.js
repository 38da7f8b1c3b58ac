// Counts in the user's locale for the elements' status lines: the language
// the element speaks (components/internal/localize.js). One formatter per locale and
// page, made when first needed. The first Intl format a page makes loads its
// locale data (25-78 ms in Chromium); making it ahead, in an idle callback,
// was tried and dropped: that is then a long task of its own (50-65 ms in the
// demo's first second, where a test allows none over 50 ms), and it may fall
// on a key the user types.

const formats = new Map();

/** The cached Intl.NumberFormat of `lang` (the browser's for '' or a lang that is no locale). */
export function numberFormatFor(lang) {
  let format = formats.get(lang);
  if (!format) {
    try {
      format = new Intl.NumberFormat(lang || undefined);
    } catch {
      format = new Intl.NumberFormat();   // a lang attribute that is no locale
    }
    formats.set(lang, format);
  }
  return format;
}
