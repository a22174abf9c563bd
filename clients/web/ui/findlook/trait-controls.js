// Find a look's trait controls: a checkbox per drawn feature and shape flag and a list per
// choice (from traits.js), what the person picked, and the controls of traits the server refused.

import { FEATURES, FLAGS, CHOICES, words } from './traits.js';

/** A checkbox for the trait `name`, labelled `label`, added to `parent`. */
function addCheckbox(parent, name, label) {
  const id = `fl-want-${name}`;
  const wrap = document.createElement('span');
  wrap.className = 'fl-check';
  wrap.innerHTML = `<input type="checkbox" id="${id}" data-trait="${name}"><label for="${id}"></label>`;
  wrap.querySelector('label').textContent = label;
  parent.appendChild(wrap);
}

/** The list of the choice `key` ("Any", then each of its values). */
function choiceList(key, { label, values }) {
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
  return wrap;
}

/** Add every trait's control to the form (`el`: formElements), the lists before the colour. */
export function buildTraitControls(el) {
  for (const f of FEATURES) addCheckbox(el.features, f, words(f));
  for (const [f, label] of Object.entries(FLAGS)) addCheckbox(el.flags, f, label);
  const colorChoice = el.choices.firstElementChild;
  for (const [key, choice] of Object.entries(CHOICES)) el.choices.insertBefore(choiceList(key, choice), colorChoice);
}

/** What the person picked (traits.js's `wantFrom` makes creature/search's `want` of it). */
export function picked(el) {
  const ticked = (parent) => [...parent.querySelectorAll('input[type=checkbox]:checked')].map((i) => i.dataset.trait);
  const choices = {};
  for (const s of el.choices.querySelectorAll('select')) choices[s.dataset.choice] = s.value;
  return { features: ticked(el.features), flags: ticked(el.flags), choices, color: el.colorOn.checked ? el.color.value : null };
}

/** Mark the controls of the traits the server refused (`traits`: their names) as invalid. */
export function markRefused(root, el, traits) {
  for (const t of traits || []) {
    const control = root.querySelector(`[data-trait="${t}"], [data-choice="${t}"]`) || (t === 'color' ? el.color : null);
    if (control) control.setAttribute('aria-invalid', 'true');
  }
}

/** Clear those marks (a new search started). */
export function clearRefused(root) {
  for (const c of root.querySelectorAll('[aria-invalid]')) c.removeAttribute('aria-invalid');
}
