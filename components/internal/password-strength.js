// A rough, local strength hint for a new password: an entropy estimate from
// length and character classes, minus obvious patterns. It is a hint for the
// person typing, not a policy; nothing leaves the page.

const LEVELS = ['very weak', 'weak', 'fair', 'good', 'strong'];
const COMMON = /^(?:password|passw0rd|qwerty|azerty|letmein|welcome|admin|iloveyou|monkey|dragon|123456|abc123)/i;

/** {score: 0..4, label, bits} for `password` (a string). */
export function passwordStrength(password) {
  const chars = [...password];
  if (chars.length === 0) return { score: 0, label: LEVELS[0], bits: 0 };
  let pool = 0;
  if (/\p{Ll}/u.test(password)) pool += 26;
  if (/\p{Lu}/u.test(password)) pool += 26;
  if (/\p{N}/u.test(password)) pool += 10;
  if (/[^\p{L}\p{N}]/u.test(password)) pool += 33;
  if (/[^\p{ASCII}]/u.test(password)) pool += 100;
  const distinct = new Set(chars).size;
  // Repeats and runs ("aaaa", "1234") add little: count only distinct characters fully.
  let bits = Math.log2(Math.max(pool, 2)) * (distinct + (chars.length - distinct) * 0.25);
  if (COMMON.test(password)) bits = Math.min(bits, 10);
  if (/^(?:0123|1234|2345|3456|4567|5678|6789|abcd|qwer)/i.test(password)) bits -= 10;
  const score = bits < 28 ? 0 : bits < 40 ? 1 : bits < 60 ? 2 : bits < 80 ? 3 : 4;
  return { score, label: LEVELS[score], bits: Math.max(0, Math.round(bits)) };
}
