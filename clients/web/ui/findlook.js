// The "Find a look" panel, shared by the web page (a dialog) and the VS Code extension (a
// webview): type a base text, tick the wanted traits, and the matches of creature/search arrive
// as they are found. Each match can become a new Fonster or the seed of the Fonster the panel
// was opened for (undoable). Like detail.js it holds no Fonsters rules: it sends what the person
// asks for to its host (findlook-service.mjs does the calls) and shows what comes back.
//
// The search says which engine it draws with and lets the person choose it: the open Fonster's
// engine (else the library's default) comes first and is chosen; “Set as seed” is offered only
// for matches drawn by the Fonster's own engine (another engine draws the seed differently).
//
// Messages to the host: ready, search {seq, base, want, engine}, cancel, create {seed, engine},
// setSeed {seed, engine}, undo. From the host: init {target: {id, name, engine} | null, engine, engines, base?},
// started {seq}, result {seq, result}, done {seq, count, tried, stoppedBy, engine}, failed {seq,
// message, traits}, cancelled {seq}, created {fonster}, seedSet {fonster}, undone {fonster,
// seed}, status {message, error?}.
//
// The traits and their rules are in findlook/traits.js, the form's markup in findlook/markup.js.

import { FEATURES, FLAGS, CHOICES, wantFrom, traitsText, words } from './findlook/traits.js';
import { MARKUP } from './findlook/markup.js';

export { FEATURES, FLAGS, CHOICES, wantFrom, traitsText };

const DEBOUNCE_MS = 350;

/**
 * Build the panel inside `root` and wire it to `host` ({post, listen}, as detail.js).
 * @param {HTMLElement} root
 * @param {{ post(m: any): void, listen(fn: (m: any) => void): void }} host
 * @returns {{ dispose(): void, focus(): void, receive(m: any): void }}
 */
export function mountFindLook(root, host) {
  root.innerHTML = MARKUP;
  root.classList.add('findlook');
  const $ = (id) => root.querySelector(`#${id}`);
  const el = {
    form: root.querySelector('form'), base: $('fl-base'), features: $('fl-features'), flags: $('fl-flags'), choices: $('fl-choices'),
    colorOn: $('fl-color-on'), color: $('fl-color'), find: $('fl-find'), stop: $('fl-stop'), target: $('fl-target'),
    status: $('fl-status'), results: $('fl-results'), undoLine: $('fl-undo-line'), undoText: $('fl-undo-text'), undo: $('fl-undo'),
    engine: $('fl-engine'), engineNote: $('fl-engine-note'),
  };
  const view = { seq: 0, searching: false, target: null, timer: 0, disposed: false, count: 0 };
  const post = (m) => { if (!view.disposed) host.post(m); };

  const checkbox = (parent, name, label) => {
    const id = `fl-want-${name}`;
    const wrap = document.createElement('span');
    wrap.className = 'fl-check';
    wrap.innerHTML = `<input type="checkbox" id="${id}" data-trait="${name}"><label for="${id}"></label>`;
    wrap.querySelector('label').textContent = label;
    parent.appendChild(wrap);
  };
  for (const f of FEATURES) checkbox(el.features, f, words(f));
  for (const [f, label] of Object.entries(FLAGS)) checkbox(el.flags, f, label);
  const colorChoice = el.choices.firstElementChild;
  for (const [key, { label, values }] of Object.entries(CHOICES)) {
    const wrap = document.createElement('div');
    wrap.className = 'fl-choice';
    wrap.innerHTML = `<label for="fl-${key}"></label><select id="fl-${key}" data-choice="${key}"><option value="">Any</option></select>`;
    wrap.querySelector('label').textContent = label;
    const select = wrap.querySelector('select');
    for (const v of values) {
      const option = document.createElement('option');
      option.value = String(v);
      option.textContent = typeof v === 'number' ? String(v) : words(v);
      select.appendChild(option);
    }
    el.choices.insertBefore(wrap, colorChoice);
  }

  function picked() {
    const ticked = (parent) => [...parent.querySelectorAll('input[type=checkbox]:checked')].map((i) => i.dataset.trait);
    const choices = {};
    for (const s of el.choices.querySelectorAll('select')) choices[s.dataset.choice] = s.value;
    return { features: ticked(el.features), flags: ticked(el.flags), choices, color: el.colorOn.checked ? el.color.value : null };
  }

  /** Whether a match may become the target's seed: only one drawn by the target's own engine. */
  const canSet = () => !!view.target && (!view.target.engine || view.target.engine === el.engine.value);

  /** Say which engine the matches are drawn by, and show “Set as seed” where it applies. */
  function showEngine() {
    const engine = el.engine.value;
    root.dataset.engine = engine;
    el.engineNote.textContent = view.target && !canSet()
      ? `Matches are drawn by ${engine}; “${view.target.name}” is drawn by ${view.target.engine}, so they can be created but not set as its seed.`
      : '';
    for (const b of el.results.querySelectorAll('.fl-set')) b.hidden = !canSet();
  }

  function status(text, isError) {
    el.status.textContent = text || '';
    el.status.classList.toggle('error', !!isError);
  }

  function setSearching(on) {
    view.searching = on;
    el.stop.disabled = !on;
    el.results.setAttribute('aria-busy', String(on));
  }

  /** Start a search now (or say what is missing). */
  function start() {
    clearTimeout(view.timer);
    const base = el.base.value;
    const want = wantFrom(picked());
    if (!base.trim()) { status('Type a base text: its variants are searched.'); return; }
    if (!want) { status('Tick at least one trait to look for.'); return; }
    view.seq++;
    view.count = 0;
    el.results.textContent = '';
    setSearching(true);
    status(`Looking for ${traitsText(want)}, drawn by ${el.engine.value}…`);
    post({ type: 'search', seq: view.seq, base, want, engine: el.engine.value });
  }

  /** Restart a little after the last edit, so typing does not start a search per key. */
  function soon() {
    clearTimeout(view.timer);
    if (!el.base.value.trim() || !wantFrom(picked())) return;
    view.timer = setTimeout(start, DEBOUNCE_MS);
  }

  function stop() {
    clearTimeout(view.timer);
    if (view.searching) post({ type: 'cancel' });
  }

  el.form.addEventListener('submit', (e) => { e.preventDefault(); start(); });
  el.base.addEventListener('input', soon);
  el.form.addEventListener('change', (e) => {
    if (e.target === el.engine) showEngine();
    if (e.target !== el.base) soon();
  });
  el.color.addEventListener('input', () => { el.colorOn.checked = true; soon(); });
  el.stop.addEventListener('click', stop);
  el.undo.addEventListener('click', () => post({ type: 'undo' }));
  root.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && view.searching) { e.preventDefault(); e.stopPropagation(); stop(); }
  });

  function addResult(result) {
    view.count++;
    const li = document.createElement('li');
    li.className = 'fl-result';
    li.dataset.seed = result.seed;
    const img = document.createElement('img');
    img.src = result.thumbnail;
    img.width = 64;
    img.height = 64;
    img.alt = `The creature of “${result.seed}”: ${traitsText(result.traits)}`;
    const text = document.createElement('span');
    text.className = 'fl-result-text';
    const seed = document.createElement('strong');
    seed.className = 'fl-seed';
    seed.textContent = result.seed;
    const traits = document.createElement('span');
    traits.className = 'fl-traits';
    traits.textContent = traitsText(result.traits);
    text.append(seed, traits);
    const create = document.createElement('button');
    create.type = 'button';
    create.className = 'fl-create';
    create.textContent = 'Create';
    create.setAttribute('aria-label', `Create a Fonster with the seed “${result.seed}”`);
    const engine = el.engine.value;
    create.addEventListener('click', () => post({ type: 'create', seed: result.seed, engine }));
    const set = document.createElement('button');
    set.type = 'button';
    set.className = 'fl-set';
    set.textContent = 'Set as seed';
    set.hidden = !canSet();
    set.setAttribute('aria-label', `Set “${result.seed}” as the seed of ${view.target ? `“${view.target.name}”` : 'the open Fonster'}`);
    set.addEventListener('click', () => post({ type: 'setSeed', seed: result.seed, engine }));
    const actions = document.createElement('span');
    actions.className = 'fl-result-actions';
    actions.append(create, set);
    li.append(img, text, actions);
    el.results.appendChild(li);
  }

  const ENDINGS = {
    limit: 'the most one search shows',
    candidates: 'all the variants it may try',
    exhausted: 'every variant of the base',
    time: 'the time a search may take',
  };

  function onMessage(m) {
    if (!m || typeof m !== 'object' || view.disposed) return;
    const current = m.seq === undefined || m.seq === view.seq;
    switch (m.type) {
      case 'init': {
        view.target = m.target;
        el.target.textContent = m.target ? `“Set as seed” gives a match to “${m.target.name}” (undoable).` : 'Open a Fonster first to set a match as its seed.';
        const engines = Array.isArray(m.engines) && m.engines.length ? m.engines : [m.engine].filter(Boolean);
        el.engine.textContent = '';
        for (const e of engines) {
          const option = document.createElement('option');
          option.value = e;
          option.textContent = m.target && e === m.target.engine ? `${e} (draws “${m.target.name}”)` : e;
          el.engine.appendChild(option);
        }
        el.engine.value = m.engine || engines[0] || '';
        el.engine.disabled = engines.length < 2;
        showEngine();
        if (typeof m.base === 'string') { // from a look-alike warning: variants of that seed
          el.base.value = m.base;
          status(`Tick the traits you want: variants of “${m.base}” are searched.`);
          const first = el.features.querySelector('input');
          if (first) first.focus();
        }
        root.setAttribute('aria-busy', 'false');
        break;
      }
      case 'result':
        if (current) { addResult(m.result); status(`Found ${view.count} so far…`); }
        break;
      case 'done':
        if (!current) break;
        setSearching(false);
        status(view.count === 0
          ? `No match drawn by ${m.engine || el.engine.value}: the search tried ${m.tried.toLocaleString()} variants (${ENDINGS[m.stoppedBy] || m.stoppedBy}). Try another base, fewer traits or another engine.`
          : `Found ${view.count} match${view.count === 1 ? '' : 'es'} drawn by ${m.engine || el.engine.value}; the search stopped at ${ENDINGS[m.stoppedBy] || m.stoppedBy}.`);
        break;
      case 'failed':
        if (!current) break;
        setSearching(false);
        status(m.message, true);
        for (const t of m.traits || []) {
          const control = root.querySelector(`[data-trait="${t}"], [data-choice="${t}"]`) || (t === 'color' ? el.color : null);
          if (control) control.setAttribute('aria-invalid', 'true');
        }
        break;
      case 'started':
        for (const c of root.querySelectorAll('[aria-invalid]')) c.removeAttribute('aria-invalid');
        break;
      case 'cancelled':
        if (!current) break;
        setSearching(false);
        status(`Stopped after ${view.count} match${view.count === 1 ? '' : 'es'}.`);
        break;
      case 'created':
        status(`Created “${m.fonster.displayName}”.`);
        break;
      case 'seedSet': // said once, on the Undo line (a live region of its own)
        el.undoText.textContent = `Set the seed of “${m.fonster.displayName}” to “${m.fonster.seed}”.`;
        el.undoLine.hidden = false;
        break;
      case 'undone':
        el.undoLine.hidden = true;
        status(`Undone: “${m.fonster.displayName}” has its seed “${m.fonster.seed}” again.`);
        break;
      case 'status': status(m.message, m.error); break;
      default: break;
    }
  }
  host.listen(onMessage);
  root.setAttribute('aria-busy', 'true');
  post({ type: 'ready' });

  return {
    dispose() { view.disposed = true; clearTimeout(view.timer); if (view.searching) host.post({ type: 'cancel' }); },
    focus() { el.base.focus(); },
    receive: onMessage,
  };
}
