// <vault-unlock>'s words: the English table (the default) and the French one.
// A translation gives the same keys (docs/api.md, "Languages").

const LEVELS_EN = ['very weak', 'weak', 'fair', 'good', 'strong'];
const LEVELS_FR = ['très faible', 'faible', 'moyenne', 'bonne', 'forte'];

export const en = {
  'vault.label.verify': 'Password',
  'vault.label.derive': 'Password',
  'vault.label.create': 'New password',
  'vault.submit.verify': 'Unlock',
  'vault.submit.derive': 'Unlock',
  'vault.submit.create': 'Create',
  'vault.busy.verify': 'Checking password…',
  'vault.busy.derive': 'Deriving key…',
  'vault.busy.create': 'Creating password hash…',
  'vault.done.verify': 'Unlocked.',
  'vault.done.derive': 'Key ready.',
  'vault.done.create': 'Password created.',
  'vault.confirm': 'Repeat the new password',
  'vault.progress': 'Progress',
  'vault.strength': ({ score }) => `Strength: ${LEVELS_EN[score]}.`,
  'vault.hint': ({ min }) => `At least ${min} characters; a few unrelated words make a strong password.`,
  'vault.required.create': 'Create a password first.',
  'vault.required.unlock': 'Unlock first.',
  'vault.enterNew': 'Enter a new password.',
  'vault.enterPassword': 'Enter your password.',
  'vault.mismatch': 'The two passwords do not match.',
  'vault.tooShort': ({ min }) => `Use at least ${min} characters.`,
  'vault.wrongPassword': 'Wrong password.',
  'vault.elapsed': ({ seconds }) => `${seconds} s`,
};

export const fr = {
  'vault.label.verify': 'Mot de passe',
  'vault.label.derive': 'Mot de passe',
  'vault.label.create': 'Nouveau mot de passe',
  'vault.submit.verify': 'Déverrouiller',
  'vault.submit.derive': 'Déverrouiller',
  'vault.submit.create': 'Créer',
  'vault.busy.verify': 'Vérification du mot de passe…',
  'vault.busy.derive': 'Dérivation de la clé…',
  'vault.busy.create': 'Création de l’empreinte du mot de passe…',
  'vault.done.verify': 'Déverrouillé.',
  'vault.done.derive': 'Clé prête.',
  'vault.done.create': 'Mot de passe créé.',
  'vault.confirm': 'Répétez le nouveau mot de passe',
  'vault.progress': 'Progression',
  'vault.strength': ({ score }) => `Solidité\u00a0: ${LEVELS_FR[score]}.`,
  'vault.hint': ({ min }) => `Au moins ${min}\u00a0caractères\u00a0; quelques mots sans rapport font un mot de passe solide.`,
  'vault.required.create': 'Créez d’abord un mot de passe.',
  'vault.required.unlock': 'Déverrouillez d’abord.',
  'vault.enterNew': 'Saisissez un nouveau mot de passe.',
  'vault.enterPassword': 'Saisissez votre mot de passe.',
  'vault.mismatch': 'Les deux mots de passe ne correspondent pas.',
  'vault.tooShort': ({ min }) => `Utilisez au moins ${min}\u00a0caractères.`,
  'vault.wrongPassword': 'Mot de passe incorrect.',
  'vault.elapsed': ({ seconds }) => `${seconds}\u00a0s`,
};
