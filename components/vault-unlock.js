// <vault-unlock>: a password field that checks a password against an
// $argon2id$ string, derives a 32-byte key, or creates a new hash. The work runs
// in a one-shot worker (api/argon2.js) that is terminated after each attempt, so
// the page keeps drawing and the worker's memory is returned. While the
// password is typed, that worker is readied (internal/argon2-warm-start.js).
import { ElementBase } from './internal/element-base.js';
import styles from './styles/vault-unlock.js';
import { enginePath, warmArgon2 } from '../api/argon2.js';
import { passwordStrength } from './internal/password-strength.js';
import { vaultUnlockShadow } from './internal/vault-unlock-shadow.js';
import { WarmStart } from './internal/argon2-warm-start.js';
import { BusyLine } from './internal/busy-line.js';
import { formatNumber } from './internal/localize.js';
import { DEFAULTS, failure, jobConfig, runJob } from './internal/vault-unlock-job.js';
const CONFIG_ATTRIBUTES = ['mode', 'hash', 'salt', 't', 'm', 'p', 'output'];
const MODES = ['verify', 'derive', 'create'];

/**
 * A password field that unlocks with Argon2id, in a worker.
 *
 * - `verify`: checks the password against `hash` (an `$argon2id$` string), fires `unlock` with `{ok: true}`.
 * - `derive`: derives a 32-byte key from the password and `salt`, `t`, `m`, `p`; fires `unlock` with `{key}`.
 * - `create`: asks for a new password twice and fires `created` with `{hash}` (`output="hash"`, the default:
 *   a libsodium-compatible string for `verify` mode) or `{salt, t, m, p, key}` (`output="key"`: a fresh 16-byte
 *   salt in base64, the parameters for `derive` mode, and the key they give).
 *
 * Each attempt clears the fields; the password is handed to the worker as UTF-8 bytes that are zeroed after
 * the call. In a `<form>` its value is the public result of `create` mode (the hash string, or the key
 * parameters as JSON); `required` makes the form invalid until it has unlocked or created. Secrets (keys,
 * passwords) never go into the form.
 *
 * @tagname vault-unlock
 * @summary Unlock with a password: verify a hash, derive a key or create a new hash, with Argon2id in a worker.
 *
 * @attr {'verify'|'derive'|'create'} mode - What the password is for (default `verify`).
 * @attr {string} hash - `verify`: the `$argon2id$v=19$m=..,t=..,p=..$salt$hash` string to check against.
 * @attr {string} salt - `derive`: the salt, base64 (RFC 4648, padded, no whitespace), at least 8 bytes.
 * @attr {number} t - `derive` and `create`: Argon2id passes (default 3).
 * @attr {number} m - `derive` and `create`: memory in KiB (default 65536, 64 MiB).
 * @attr {number} p - `derive` and `create`: lanes (default 1).
 * @attr {'hash'|'key'} output - `create`: what `created` carries (default `hash`).
 * @attr {string} label - The password field's label (default "Password", or "New password" in `create`).
 * @attr {string} submit-label - The button's text (default "Unlock", or "Create").
 * @attr {string} username - The account the password belongs to, for password managers: the value of a hidden
 *   field with `autocomplete="username"` beside the password (default empty). The user never sees or types it.
 * @attr {number} minlength - `create`: the fewest characters accepted (default 8).
 * @attr {boolean} disabled - Disables the field and the button.
 * @attr {boolean} required - In a form: invalid until unlocked (or created).
 * @attr {string} name - The form field name.
 * @attr {boolean} no-warm-start - Do not ready the Argon2id worker (and its memory, m KiB) while the password is
 *   typed; by default it is, so that the check starts at once (released after 30 s without typing).
 *
 * @fires {CustomEvent<{ok: true, ms: number} | {key: Uint8Array, ms: number}>} vault-unlocked - `verify`: the password is right; `derive`: the key. `ms`: Enter to answer.
 * @fires {CustomEvent<{hash: string, ms: number} | {salt: string, t: number, m: number, p: number, key: Uint8Array, ms: number}>} vault-created - `create`: the new hash or key parameters.
 * @fires {CustomEvent<{name: string, message: string}>} vault-error - An attempt failed (`WrongPasswordError`, `ValueMissingError`, `MismatchError`, `TooShortError`, a worker error) or an attribute is malformed (`TypeError`, `RangeError`).
 *
 * @csspart form - The inner form (a grid).
 * @csspart field - Each label + input pair.
 * @csspart label - The field labels.
 * @csspart input - The password inputs.
 * @csspart confirm - The second input of `create` mode.
 * @csspart hint - The strength hint of `create` mode.
 * @csspart button - The submit button.
 * @csspart busy - The busy indicator (spinner, elapsed time, progress), on the status's line.
 * @csspart spinner - The spinning ring.
 * @csspart elapsed - The elapsed time while working.
 * @csspart progress - The progress bar (shown when the worker reports progress).
 * @csspart status - The polite live region (working, success); its line is held at rest, so the element keeps its height through an attempt.
 * @csspart error - The assertive live region (wrong password, bad attributes).
 *
 * @cssprop --vault-unlock-color - Text color (default: inherited).
 * @cssprop --vault-unlock-gap - Space between rows (default 0.5rem).
 * @cssprop --vault-unlock-field-color - Input text color (default FieldText).
 * @cssprop --vault-unlock-field-background - Input background (default Field).
 * @cssprop --vault-unlock-border-color - Input border (default #6b6f7b).
 * @cssprop --vault-unlock-radius - Corner radius (default 6px).
 * @cssprop --vault-unlock-accent - Button background and focus ring (default #3b4fc4).
 * @cssprop --vault-unlock-accent-text - Button text (default #fff).
 * @cssprop --vault-unlock-focus-ring - Focus outline color (default the accent).
 * @cssprop --vault-unlock-error-color - Error text and invalid border (default #b3261e).
 */
export class VaultUnlock extends ElementBase {
  static styles = styles;
  static formAssociated = true;
  static observedAttributes = [...CONFIG_ATTRIBUTES, 'label', 'submit-label', 'username', 'required', 'minlength', 'no-warm-start'];

  #internals = this.attachInternals();
  #root = this.createShadow({ mode: 'open', delegatesFocus: true }, vaultUnlockShadow());
  #els;
  #job;            // {controller, started, timer} while working
  #done = false;   // unlocked or created since the last change or reset
  #formDisabled = false;
  #configError;    // the current attribute problem, if any
  #announcedConfig = '';
  #renderQueued = false;
  #path = null;
  #ms = null;
  #value = null;   // the form value (the public `create` result)
  #warmStart = new WarmStart(warmArgon2);
  #busyLine;
  #statusKey = null;   // the term the status line says

  constructor() {
    super();
    const $ = (id) => this.#root.getElementById(id);
    this.#els = {
      form: this.#root.querySelector('form'), label: this.#root.querySelector('label'),
      confirmLabel: $('confirm-label'), username: $('username'), input: $('password'), confirmField: $('confirm-field'), confirm: $('confirm'), hint: $('hint'),
      button: this.#root.querySelector('button'), busy: $('busy'), elapsed: $('elapsed'),
      progress: $('progress'), status: $('status'), error: $('error'),
    };
    this.#busyLine = new BusyLine(this.#els, this.#internals, (seconds) => this.term('vault.elapsed',
      { seconds: formatNumber(this.localize.lang(), seconds, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }));
    this.#els.form.addEventListener('submit', (event) => { event.preventDefault(); this.#submit(); });
    this.#els.input.addEventListener('input', () => {
      this.#showStrength();
      this.#warmUp();
    });
  }

  connectedCallback() {
    super.connectedCallback();
    // Properties set on the element before it was defined shadow our accessors: re-set them through them.
    this.upgradeProperties(['mode', 'hash', 'salt', 't', 'm', 'p', 'output', 'label', 'submitLabel', 'username', 'minLength', 'disabled', 'required', 'name', 'warmStart']);
    // Rendered in a microtask, so that attributes set right after appending count before any error is reported.
    this.#queueRender();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.#abort();
    this.#warmStart.release();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue) return;
    if (CONFIG_ATTRIBUTES.includes(name)) {
      // A result for the old settings would be a lie: stop the job and forget the old success.
      this.#abort();
      this.#warmStart.release();
      this.#done = false;
      this.#setValue(null);
    }
    if (name === 'no-warm-start' && newValue !== null) this.#warmStart.release();
    this.#queueRender();
  }

  #queueRender() {
    if (this.#renderQueued) return;
    this.#renderQueued = true;
    queueMicrotask(() => { this.#renderQueued = false; this.#render(); });
  }

  formDisabledCallback(disabled) {
    this.#formDisabled = disabled;
    this.#syncControls();
  }

  formResetCallback() {
    this.#abort();
    this.#warmStart.release();
    this.#clearFields();
    this.#clearMessages();
    this.#done = false;
    this.#setValue(null);
    this.#render(); // shows an attribute problem again, if there is one
  }

  /** @type {'verify'|'derive'|'create'} */
  get mode() { return this.getAttribute('mode') ?? 'verify'; }
  set mode(value) { this.reflect('mode', value); }
  /** `verify`: the `$argon2id$` string. @type {string} */
  get hash() { return this.getAttribute('hash') ?? ''; }
  set hash(value) { this.reflect('hash', value); }
  /** `derive`: the base64 salt. @type {string} */
  get salt() { return this.getAttribute('salt') ?? ''; }
  set salt(value) { this.reflect('salt', value); }
  /** Argon2id passes. @type {number} */
  get t() { return this.#number('t'); }
  set t(value) { this.reflect('t', value); }
  /** Argon2id memory, KiB. @type {number} */
  get m() { return this.#number('m'); }
  set m(value) { this.reflect('m', value); }
  /** Argon2id lanes. @type {number} */
  get p() { return this.#number('p'); }
  set p(value) { this.reflect('p', value); }
  /** `create`: `hash` or `key`. @type {'hash'|'key'} */
  get output() { return this.getAttribute('output') === 'key' ? 'key' : 'hash'; }
  set output(value) { this.reflect('output', value); }
  /** @type {string} */
  get label() { return this.getAttribute('label') ?? this.term(`vault.label.${this.#modeText()}`); }
  set label(value) { this.reflect('label', value); }
  /** @type {string} */
  get submitLabel() { return this.getAttribute('submit-label') ?? this.term(`vault.submit.${this.#modeText()}`); }
  set submitLabel(value) { this.reflect('submit-label', value); }
  /**
   * The account the password belongs to, for password managers (a hidden `autocomplete="username"` field: a
   * password form without one leaves them guessing, and Chromium says so in the console). @type {string}
   */
  get username() { return this.getAttribute('username') ?? ''; }
  set username(value) { this.reflect('username', value); }
  /** `create`: the fewest characters (code points) accepted. @type {number} */
  get minLength() { return this.validAttribute(() => this.integerAttribute('minlength', 1, 0xffffffff, 8), 8); }
  set minLength(value) { this.reflect('minlength', value); }
  /** @type {boolean} */
  get disabled() { return this.hasAttribute('disabled'); }
  set disabled(value) { this.toggleAttribute('disabled', Boolean(value)); }
  /** Whether the worker is readied while the password is typed (the inverse of `no-warm-start`). @type {boolean} */
  get warmStart() { return !this.hasAttribute('no-warm-start'); }
  set warmStart(value) { this.toggleAttribute('no-warm-start', !value); }
  /** @type {boolean} */
  get required() { return this.hasAttribute('required'); }
  set required(value) { this.toggleAttribute('required', Boolean(value)); }
  /** @type {string} */
  get name() { return this.getAttribute('name') ?? ''; }
  set name(value) { this.reflect('name', value); }

  /** True while an attempt is running. @type {boolean} */
  get busy() { return Boolean(this.#job); }
  /** Which Argon2id build ran the last attempt: 'simd', 'scalar' or 'libsodium' (null before the first). @type {'simd'|'scalar'|'libsodium'|null} */
  get path() { return this.#path; }
  /** The wait of the last attempt, Enter to answer, worker start included (as `ms` everywhere). @type {number|null} */
  get ms() { return this.#ms; }
  /** The form value: the `create` result, else empty. @type {string} */
  get value() { return this.#value ?? ''; }
  // A form control's members, as an <input>'s.
  /** @type {HTMLFormElement | null} */ get form() { return this.#internals.form; }
  /** @type {string} */ get type() { return this.localName; }
  /** @type {ValidityState} */ get validity() { return this.#internals.validity; }
  /** @type {string} */ get validationMessage() { return this.#internals.validationMessage; }
  /** @type {boolean} */ get willValidate() { return this.#internals.willValidate; }
  /** @returns {boolean} */ checkValidity() { return this.#internals.checkValidity(); }
  /** @returns {boolean} */ reportValidity() { return this.#internals.reportValidity(); }

  /**
   * Shows an error for the last attempt without firing an event: for `derive` mode, where only the page can
   * tell that a key is wrong (it fails to open the vault).
   * @param {string} [message]
   */
  showError(message = this.term('vault.wrongPassword')) {
    this.#done = false;
    this.#setValue(null);
    this.#updateValidity();
    this.#say(null);
    this.#els.error.textContent = String(message);
    this.#els.input.setAttribute('aria-invalid', 'true');
  }

  #number(name) {
    return this.hasAttribute(name) ? Number(this.getAttribute(name)) : DEFAULTS[name];
  }

  #modeText() {
    return MODES.includes(this.mode) ? this.mode : 'verify';
  }

  #render() {
    const { label, username, input, confirmField, button, hint } = this.#els;
    const create = this.mode === 'create';
    label.textContent = this.label;
    this.#els.confirmLabel.textContent = this.term('vault.confirm');
    this.#els.progress.setAttribute('aria-label', this.term('vault.progress'));
    if (this.#statusKey) this.#els.status.textContent = this.term(this.#statusKey);
    username.value = this.username;
    button.textContent = this.submitLabel;
    input.autocomplete = create ? 'new-password' : 'current-password';
    confirmField.hidden = !create;
    hint.hidden = !create;
    if (create) this.#showStrength();
    if (!create) this.#els.confirm.value = '';
    try {
      jobConfig(this);
      this.#configError = undefined;
      this.#announcedConfig = '';
      if (!this.#job && this.#els.error.dataset.config) this.#clearMessages();
    } catch (error) {
      this.#configError = error;
      this.#say(null);   // a "Key ready." of the old attributes no longer holds (and shares the error's line)
      this.#els.error.textContent = error.message;
      this.#els.error.dataset.config = 'true';
      // Announce each distinct problem once, not on every re-render.
      if (this.isConnected && this.#announcedConfig !== error.message) {
        this.#announcedConfig = error.message;
        this.emitError('vault-error', error);
      }
    }
    this.#syncControls();
    this.#updateValidity();
  }

  // A person is typing: ready the worker of the attempt, or let it go when the field is emptied.
  #warmUp() {
    if (!this.warmStart || this.#job || this.disabled || this.#formDisabled) return;
    if (this.#els.input.value === '') {
      this.#warmStart.release();
      return;
    }
    let config;
    try {
      config = jobConfig(this);
    } catch {
      return;   // the attribute problem is on show already; the attempt will say it again
    }
    this.#warmStart.prepare(config);
  }

  #showStrength() {
    if (this.mode !== 'create') return;
    const password = this.#els.input.value;
    this.#els.hint.textContent = password
      ? this.term('vault.strength', { score: passwordStrength(password).score })
      : this.term('vault.hint', { min: this.minLength });
  }

  #syncControls() {
    const off = this.#formDisabled || this.disabled || Boolean(this.#job);
    for (const control of [this.#els.input, this.#els.confirm, this.#els.button]) control.disabled = off;
    this.#els.form.setAttribute('aria-busy', String(Boolean(this.#job)));
  }

  #updateValidity() {
    const anchor = this.#els.input;
    if (this.#configError) this.#internals.setValidity({ customError: true }, this.#configError.message, anchor);
    else if (this.required && !this.#done) {
      this.#internals.setValidity({ valueMissing: true }, this.term(this.mode === 'create' ? 'vault.required.create' : 'vault.required.unlock'), anchor);
    } else this.#internals.setValidity({});
  }

  #clearFields() {
    this.#els.input.value = '';
    this.#els.confirm.value = '';
    this.#showStrength();
  }

  #clearMessages() {
    this.#say(null);
    this.#els.error.textContent = '';
    delete this.#els.error.dataset.config;
    this.#els.input.removeAttribute('aria-invalid');
  }

  async #submit() {
    if (this.#job || this.#formDisabled || this.disabled) return;
    const { input, confirm } = this.#els;
    const hadFocus = this.matches(':focus-within');
    // Enter in the first field of `create` moves on to the second rather than failing.
    if (this.mode === 'create' && input.value && !confirm.value && this.#root.activeElement === input) {
      confirm.focus();
      return;
    }
    const password = input.value;
    const again = confirm.value;
    this.#clearFields();
    this.#clearMessages();
    let config;
    try {
      config = jobConfig(this);
      if (password === '') throw failure('ValueMissingError', this.term(config.mode === 'create' ? 'vault.enterNew' : 'vault.enterPassword'));
      if (config.mode === 'create' && password !== again) throw failure('MismatchError', this.term('vault.mismatch'));
      if (config.mode === 'create' && [...password].length < this.minLength) {
        throw failure('TooShortError', this.term('vault.tooShort', { min: this.minLength }));
      }
    } catch (error) {
      this.#fail(error, hadFocus);
      return;
    }
    const bytes = new TextEncoder().encode(password);
    const controller = new AbortController();
    const started = performance.now();
    const job = { controller, started };
    this.#job = job;
    this.#path = null;
    this.#startBusy(config.mode, started);
    const options = { signal: controller.signal, onProgress: (value) => this.#busyLine.progress(value),
      warm: this.#warmStart.take(config) };
    let result;
    let error;
    try {
      result = await runJob(config, bytes, options);
    } catch (thrown) {
      error = thrown;
    } finally {
      bytes.fill(0);
    }
    this.#stopBusy(job);
    // Stopped by a reset, a removal or new attributes: that attempt no longer counts, either way.
    if (controller.signal.aborted) return;
    this.#ms = performance.now() - started;
    this.#path = enginePath('argon2') ?? null;
    if (error) {
      this.#fail(error, hadFocus);
      return;
    }
    this.#done = true;
    if (config.mode === 'create') this.#setValue(result.hash ?? JSON.stringify({ ...result, key: undefined }));
    this.#say(`vault.done.${config.mode}`);
    this.#updateValidity();
    if (hadFocus) input.focus();
    this.emit(config.mode === 'create' ? 'vault-created' : 'vault-unlocked', { ...result, ms: this.#ms });
  }

  #setValue(value) {
    this.#value = value;
    this.#internals.setFormValue(value);
  }

  /** Stops the running attempt, if any: its worker is terminated and it fires nothing. */
  #abort() {
    if (!this.#job) return;
    this.#job.controller.abort();
    this.#stopBusy(this.#job);
  }

  #startBusy(mode, started) {
    this.#busyLine.start(started);
    this.#say(`vault.busy.${mode}`);
    this.#syncControls();
  }

  #stopBusy(job) {
    if (this.#job !== job) return;
    this.#job = undefined;
    this.#busyLine.stop();
    this.#say(null);
    this.#syncControls();
  }

  // The status line says the term `key` (null: nothing), again in a new language.
  #say(key) {
    this.#statusKey = key;
    this.#els.status.textContent = key ? this.term(key) : '';
  }

  // Rendered in a microtask, as at connection (an attribute problem is reported then, not now).
  updateStrings() {
    this.#queueRender();
  }

  #fail(error, refocus) {
    this.#say(null);
    // A wrong password is said in the element's language; the event keeps the error's own message.
    this.#els.error.textContent = error?.name === 'WrongPasswordError' ? this.term('vault.wrongPassword') : String(error?.message ?? error);
    if (this.#configError) this.#els.error.dataset.config = 'true';
    this.#els.input.setAttribute('aria-invalid', 'true');
    if (refocus) this.#els.input.focus();
    this.emitError('vault-error', error);
  }
}
