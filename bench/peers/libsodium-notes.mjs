// The libsodium-wrappers peer for opening notes, as an app would write it
// note by note: from_base64, crypto_secretbox_open_easy for the note key, two
// crypto_aead_xchacha20poly1305_ietf_decrypt (the associated data is
// "title:"/"body:" + id), to_string. Timed by the notes benchmark
// (bench/notes.mjs) and the demo's in-page benchmark (demo/bench-peers.js).
// `sodium` is passed in (ready): the benchmark imports the npm module, the
// demo's classic worker loads the UMD build, which defines a global.

/** Opens one sealed note {id, key, title, body} under `deviceKey`: {id, title, body}; throws if it does not open. */
export function libsodiumOpenNote(sodium, note, deviceKey) {
  const B64 = sodium.base64_variants.ORIGINAL;
  const key = sodium.from_base64(note.key, B64);
  const noteKey = sodium.crypto_secretbox_open_easy(key.subarray(24), key.subarray(0, 24), deviceKey);
  const open = (field, prefix) => {
    const sealed = sodium.from_base64(note[field], B64);
    return sodium.to_string(sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(null, sealed.subarray(24),
      sodium.from_string(prefix + note.id), sealed.subarray(0, 24), noteKey));
  };
  return { id: note.id, title: open('title', 'title:'), body: open('body', 'body:') };
}
