// The shadow tree of <vault-unlock> (its styles are components/styles/vault-unlock.js):
// every piece a part. The element fills in the texts and toggles `hidden`.
import { h } from './dom.js';

/** A fresh <vault-unlock> form, built node by node (no HTML text: Trusted Types pages allow it). */
export function vaultUnlockShadow() {
  return h('form', { part: 'form', novalidate: true },
    h('input', { id: 'username', type: 'text', autocomplete: 'username', tabindex: '-1', readonly: true, hidden: true }),
    h('div', { class: 'field', part: 'field' },
      h('label', { part: 'label', for: 'password' }),
      h('input', { part: 'input', id: 'password', type: 'password', spellcheck: 'false', 'aria-describedby': 'hint error' })),
    h('div', { class: 'field', part: 'field confirm-field', id: 'confirm-field', hidden: true },
      h('label', { part: 'label confirm-label', for: 'confirm', id: 'confirm-label' }),
      h('input', { part: 'input confirm', id: 'confirm', type: 'password', autocomplete: 'new-password', spellcheck: 'false',
        'aria-describedby': 'error' })),
    h('p', { class: 'hint', part: 'hint', id: 'hint', dir: 'auto', hidden: true }),
    h('button', { part: 'button', type: 'submit' }),
    h('div', { class: 'messages' },
      h('div', { class: 'activity' },
        h('p', { class: 'status', part: 'status', id: 'status', role: 'status', dir: 'auto' }),
        h('div', { class: 'busy', part: 'busy', id: 'busy', hidden: true },
          h('span', { class: 'spinner', part: 'spinner' }),
          h('span', { part: 'elapsed', id: 'elapsed' }),
          h('progress', { part: 'progress', id: 'progress', max: 1, 'aria-label': 'Progress', hidden: true }))),
      h('p', { class: 'error', part: 'error', id: 'error', role: 'alert', dir: 'auto' })));
}
