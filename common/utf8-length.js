// How many bytes TextEncoder writes for a string, counted from its UTF-16
// units without encoding it: so that many strings can be joined and encoded in
// one encodeInto (Chromium's costs 2-3 us a call, whatever the string) and
// each one's span still be known.

/** UTF-8 bytes of `text` as encodeInto writes it: a lone surrogate becomes U+FFFD (3 bytes). */
export function utf8Length(text) {
  if (!NOT_ASCII.test(text)) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const NOT_ASCII = /[\u0080-\uffff]/;
const isLowSurrogate = (unit) => unit >= 0xdc00 && unit <= 0xdfff;
