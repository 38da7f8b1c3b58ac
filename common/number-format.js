// Counts in the user's locale for the elements' status lines: the element's
// (or an ancestor's) lang, else the browser's. One formatter per locale, made
// once per page: the first Intl.NumberFormat a page makes loads its locale
// data (about 10 ms in Chromium), which must not fall in the frame that shows
// a list's first rows, so an element asks for it while the page is idle.

const formats = new Map();

/** @param {Element} element  @returns {Intl.NumberFormat} */
export function numberFormat(element) {
  const lang = element.closest('[lang]')?.lang || navigator.language || '';
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

/** Makes `element`'s formatter when the page is next idle (at once where there is no idle callback). */
export function prepareNumberFormat(element) {
  const idle = globalThis.requestIdleCallback ?? ((callback) => setTimeout(callback, 0));
  idle(() => {
    if (element.isConnected) numberFormat(element);
  });
}
