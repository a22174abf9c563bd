// The detail view's Name and Seed fields: typing previews (a moment after the last key), Enter
// or leaving the field keeps the seed, Shift+Enter adds a line, Escape reverts; the seed's
// error line. The fields keep what the person is typing when the library changes underneath.

/** The fields' markup (in ui/detail.js's layout). */
export const FIELDS_MARKUP = `
<section class="fields">
  <div class="field library-only">
    <label for="name">Name</label>
    <input id="name" type="text" autocomplete="off" spellcheck="false" placeholder="Name (optional)">
    <span id="birthday" class="birthday" hidden title="Birthday today">🎂 Birthday</span>
  </div>
  <div class="field">
    <label for="seed">Seed</label>
    <textarea id="seed" rows="2" spellcheck="false" placeholder="Type anything: every text is a creature" aria-describedby="seed-hint"></textarea>
  </div>
  <p id="seed-hint" class="hint"></p>
  <p id="seed-error" class="error" role="alert" hidden></p>
</section>`;

/** What the seed field's hint says: a Fonster keeps each seed as an undoable step; a free seed
 * (the clock, a selection) has no history. */
const HINTS = {
  fonster: 'The creature updates as you type; Enter keeps the seed (an undoable step), Shift+Enter adds a line, Escape reverts.',
  preview: 'The creature updates as you type; Enter shows it, Shift+Enter adds a line, Escape reverts.',
};

/** How long typing pauses before the text is previewed. */
const TYPING_PAUSE_MS = 60;

/**
 * @param {HTMLElement} root the detail view
 * @param {{ typing(seed: string): void, commitSeed(seed: string): void, rename(name: string): void, edited(): void }} on
 *   `typing`: preview this text; `commitSeed`: keep it; `rename`; `edited`: a field's text changed (drafts to save)
 */
export function createFieldsView(root, on) {
  const name = /** @type {HTMLInputElement} */ (root.querySelector('#name'));
  const seed = /** @type {HTMLTextAreaElement} */ (root.querySelector('#seed'));
  const seedError = /** @type {HTMLElement} */ (root.querySelector('#seed-error'));
  const birthday = /** @type {HTMLElement} */ (root.querySelector('#birthday'));
  const hint = /** @type {HTMLElement} */ (root.querySelector('#seed-hint'));
  /** @type {any} */
  let fonster = null;
  let committedSeed = '';
  let typingTimer = 0;

  function commitSeed() {
    clearTimeout(typingTimer);
    if (seed.value !== committedSeed) on.commitSeed(seed.value);
  }

  function commitName() {
    if (fonster && name.value !== fonster.name) on.rename(name.value);
  }

  seed.addEventListener('input', () => {
    clearTimeout(typingTimer);
    const text = seed.value;
    typingTimer = setTimeout(() => on.typing(text), TYPING_PAUSE_MS);
    on.edited();
  });
  seed.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      commitSeed();
    } else if (e.key === 'Escape' && seed.value !== committedSeed) {
      // Escape reverts a draft (and is used up); without one it is left to the host (back to the list).
      e.preventDefault();
      clearTimeout(typingTimer);
      seed.value = committedSeed;
      on.typing(seed.value);
      on.edited();
    }
  });
  seed.addEventListener('blur', commitSeed);
  name.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { e.preventDefault(); commitName(); } else if (e.key === 'Escape' && fonster && name.value !== fonster.name) {
      e.preventDefault();
      name.value = fonster.name;
      on.edited();
    }
  });
  name.addEventListener('blur', commitName);
  name.addEventListener('input', () => on.edited());

  return {
    /** The mode: a library Fonster ('fonster') or a free seed ('preview'). */
    setMode(mode) { hint.textContent = HINTS[mode] || HINTS.fonster; },
    /** A Fonster's fields; what the person is typing stays. Returns whether its seed or engine changed. */
    showFonster(f) {
      const previous = fonster;
      fonster = f;
      if (!previous || name.value === previous.name || document.activeElement !== name) name.value = f.name;
      if (seed.value === committedSeed || document.activeElement !== seed) seed.value = f.seed;
      committedSeed = f.seed;
      birthday.hidden = !f.birthday;
      seedError.hidden = true;
      return !!previous && (previous.seed !== f.seed || previous.engine !== f.engine);
    },
    /** A free seed's kept text (preview mode); `keepTyping`: leave the field alone while it has the keyboard. */
    showSeed(text, keepTyping = false) {
      committedSeed = text;
      if (!keepTyping || document.activeElement !== seed) seed.value = text;
    },
    /** The seed's error line (null hides it). */
    showSeedError(message) {
      seedError.textContent = message || '';
      seedError.hidden = !message;
    },
    /** Put back drafts saved before the view was hidden; returns the seed draft to preview, if any. */
    restoreDrafts(saved) {
      if (typeof saved.nameDraft === 'string' && fonster) name.value = saved.nameDraft;
      if (typeof saved.seedDraft === 'string' && saved.seedDraft !== committedSeed) {
        seed.value = saved.seedDraft;
        return saved.seedDraft;
      }
      return undefined;
    },
    /** Drafts to save: the fields' text not kept yet. */
    drafts() {
      return {
        seedDraft: seed.value !== committedSeed ? seed.value : undefined,
        nameDraft: fonster && name.value !== fonster.name ? name.value : undefined,
      };
    },
    /** Whether a field holds text not kept yet (Ctrl+Z is then the field's own undo). */
    get dirty() { return seed.value !== committedSeed || (!!fonster && name.value !== fonster.name); },
    /** The text in the seed field. */
    get seed() { return seed.value; },
    /** The seed last kept. */
    get committedSeed() { return committedSeed; },
    /** Whether `target` is one of the fields. */
    holds(target) { return target === seed || target === name; },
    focusName() { name.focus(); name.select(); },
    dispose() { clearTimeout(typingTimer); },
  };
}
