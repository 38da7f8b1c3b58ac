// RFC 4648 base64 (standard alphabet) for attributes: strict on the way in, so
// a salt pasted with a typo is refused rather than silently shortened.

const STRICT = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;

/** Decodes base64 (padding optional, no whitespace); throws TypeError naming `name`. */
export function base64Decode(text, name = 'value') {
  if (typeof text !== 'string' || !STRICT.test(text)) {
    throw new TypeError(`${name} is not valid base64 (RFC 4648, standard alphabet, no spaces)`);
  }
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Encodes bytes as padded base64. */
export function base64Encode(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
  return btoa(binary);
}
