// The notes benchmark's vault: `count` notes of a few title words and about
// 200 body words (the corpus below, with a few non-ASCII words), each sealed
// by libsodium-wrappers as docs/specs/notes.md says, so that the
// bench and the A/B tools in tests/js open the same kind of notes.
// Plain JS: it runs in Node and, bundled, in the Chromium bench worker.
import sodium from 'libsodium-wrappers';

const WORDS_PER_BODY = 200;
const WORDS = ('the of and a to in is you that it he was for on are as with his they at be this have from or one had ' +
  'by word but not what all were we when your can said there use an each which she do how their if will up other ' +
  'about out many then them these so some her would make like him into time has look two more write go see number ' +
  'no way could people my than first water been call who oil its now find long down day did get come made may part ' +
  'vault garden night stone key note lamp river quiet window silver letter caf\u00e9 \u00fcber na\u00efve \u20ac').split(' ');

/**
 * A vault of `count` notes sealed by libsodium-wrappers (plaintexts are deterministic; nonces are not),
 * as a page gets them: parsed from JSON (flat one-byte strings).
 * @returns {Promise<{deviceKey: Uint8Array, notes: {id: string, key: string, title: string, body: string}[]}>}
 */
export async function sealVault(count) {
  await sodium.ready;
  let s = 0x9e3779b9;
  const word = () => { s ^= s << 13; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return WORDS[s % WORDS.length]; };
  const deviceKey = new Uint8Array(32).map((_, i) => i * 7 + 1);
  const B64 = sodium.base64_variants.ORIGINAL;
  const withNonce = (nonce, bytes) => { const o = new Uint8Array(24 + bytes.length); o.set(nonce); o.set(bytes, 24); return o; };
  const notes = [];
  for (let i = 0; i < count; i++) {
    const id = `note-${i}`;
    const title = Array.from({ length: 3 + (i % 5) }, word).join(' ');
    const body = Array.from({ length: WORDS_PER_BODY }, word).join(' ');
    const noteKey = sodium.randombytes_buf(32);
    const seal = (prefix, text) => {
      const nonce = sodium.randombytes_buf(24);
      return sodium.to_base64(withNonce(nonce, sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(
        sodium.from_string(text), sodium.from_string(prefix + id), null, nonce, noteKey)), B64);
    };
    const nonceK = sodium.randombytes_buf(24);
    notes.push({
      id,
      key: sodium.to_base64(withNonce(nonceK, sodium.crypto_secretbox_easy(noteKey, nonceK, deviceKey)), B64),
      title: seal('title:', title),
      body: seal('body:', body),
    });
  }
  return { deviceKey, notes: JSON.parse(JSON.stringify(notes)) };
}
