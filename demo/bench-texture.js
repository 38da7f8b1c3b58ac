// What the demo's texture benchmark compares: a digest of the five maps
// (FNV-1a over each map's 32-bit words), the same whoever made them: our
// kernel in demo/bench-ours.js, renderTexture() on the page, the JS tables.
const MAPS = ['albedo', 'normal', 'roughness', 'ao', 'orm'];

export function digestMaps(maps) {
  return MAPS.map((map) => {
    const bytes = maps[map];
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
    let h = 0x811c9dc5;
    for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i], 16777619);
    return `${map}:${(h >>> 0).toString(16).padStart(8, '0')}`;
  }).join(' ');
}
