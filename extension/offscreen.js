// Chromium's offscreen document (reason CLIPBOARD): the background's hands for
// the clipboard, which a service worker cannot touch. It answers one message,
// {type: 'clipboard-clear', salt, digest}, and the background closes it after.
import { clearClipboardIfHolds } from './clipboard.js';

chrome.runtime.onMessage.addListener((message, sender, reply) => {
  if (sender.id !== chrome.runtime.id || message?.type !== 'clipboard-clear' || message.target !== 'offscreen') return undefined;
  clearClipboardIfHolds({ salt: message.salt, digest: message.digest })
    .then((cleared) => reply({ cleared }), (error) => reply({ error: error.message }));
  return true;
});
