// <procedural-texture>'s words: the English table (the default) and the French one.

const KINDS_EN = { 'stone-wall': 'Stone wall', 'vault-face': 'Vault door face' };
const MAPS_EN = { albedo: 'colour', normal: 'normal', roughness: 'roughness', ao: 'ambient occlusion', orm: 'ORM' };
const KINDS_FR = { 'stone-wall': 'Mur de pierre', 'vault-face': 'Face de porte de coffre' };
const MAPS_FR = { albedo: 'couleur', normal: 'normales', roughness: 'rugosité', ao: 'occlusion ambiante', orm: 'ORM' };

export const en = {
  'texture.progress': 'Rendering progress',
  'texture.rendering': ({ kind, size }) => `Rendering ${KINDS_EN[kind].toLowerCase()}, ${size} × ${size}…`,
  'texture.ready': ({ kind, size, ms }) => `${KINDS_EN[kind]}, ${size} × ${size}, ready in ${ms} ms.`,
  'texture.label': ({ kind, map, seed, size }) => `${KINDS_EN[kind]} texture, ${MAPS_EN[map]} map, seed ${seed}, ${size} × ${size} pixels`,
  'texture.failed': ({ message }) => `${message}.`,
  'texture.keepLast': ({ message }) => `${message}. Showing the last texture.`,
};

export const fr = {
  'texture.progress': 'Progression du rendu',
  'texture.rendering': ({ kind, size }) => `Rendu\u00a0: ${KINDS_FR[kind].toLowerCase()}, ${size} × ${size}…`,
  'texture.ready': ({ kind, size, ms }) => `${KINDS_FR[kind]}, ${size} × ${size}, rendu en ${ms}\u00a0ms.`,
  'texture.label': ({ kind, map, seed, size }) => `Texture ${KINDS_FR[kind].toLowerCase()}, carte ${MAPS_FR[map]}, graine ${seed}, ${size} × ${size} pixels`,
  'texture.failed': ({ message }) => `${message}.`,
  'texture.keepLast': ({ message }) => `${message}. La dernière texture reste affichée.`,
};
