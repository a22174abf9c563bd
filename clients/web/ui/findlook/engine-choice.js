// Find a look's engine: the list the matches may be drawn by (the one chosen first, the open
// Fonster's own named), the note when it is not the Fonster's, and where “Set as seed” applies
// (only to matches drawn by the Fonster's own engine: another engine draws the seed differently).

/** Whether a match may become the target's seed: only one drawn by the target's own engine. */
export const canSet = (el, target) => !!target && (!target.engine || target.engine === el.engine.value);

/** Say which engine the matches are drawn by, and show “Set as seed” where it applies. */
export function showEngine(root, el, target) {
  const engine = el.engine.value;
  root.dataset.engine = engine;
  el.engineNote.textContent = target && !canSet(el, target)
    ? `Matches are drawn by ${engine}; “${target.name}” is drawn by ${target.engine}, so they can be created but not set as its seed.`
    : '';
  for (const b of el.results.querySelectorAll('.fl-set')) b.hidden = !canSet(el, target);
}

/** Fill the list from init's `engines` (else its `engine` alone) and choose init's `engine`. */
export function fillEngines(el, m) {
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
}
