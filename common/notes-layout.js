// The sizes of the notes batch's offset tables (mirrors cpp/notes/batch.h), in
// a module of their own: a page that only sends texts in the feed format
// (api/search-text-parts.js) needs them without the rest of notes-format.js.
export const OPEN_FIELDS_IN = 8;    // id, key, title, body: offset and length each
export const OPEN_FIELDS_OUT = 4;   // title offset and length, body offset and length
export const OPEN_UTF16_OUT = 2;    // title and body length in UTF-16 units (utf16_length in cpp/notes/utf16.h)
export const SEAL_FIELDS_IN = 6;    // id, title, body
export const SEAL_FIELDS_OUT = 6;   // key, title, body base64
export const SEAL_RANDOM_BYTES = 32 + 3 * 24;  // noteKey, nonceK, nonceT, nonceB
