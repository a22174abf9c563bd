// Find a look's matches: each one's list item (its picture, seed and traits, Create and Set as
// seed) and what the status line says when a search ends or is stopped.

import { traitsText } from './traits.js';

/** Why a search stopped (creature/search's `stoppedBy`), as the end of a sentence. */
const ENDINGS = {
  limit: 'the most one search shows',
  candidates: 'all the variants it may try',
  exhausted: 'every variant of the base',
  time: 'the time a search may take',
};

/** A button of a match: `className`, its text and its accessible name. */
function button(className, text, label) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = text;
  b.setAttribute('aria-label', label);
  return b;
}

/** A match's picture and its seed and traits as text. */
function described(result) {
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
  return [img, text];
}

/**
 * A match's list item; its buttons post `create` and `setSeed` with the engine that drew it.
 * @param {any} result creature/search's result ({seed, thumbnail, traits})
 * @param {{ engine: string, canSet: boolean, target: { name: string } | null, post(m: any): void }} with
 */
export function matchItem(result, { engine, canSet, target, post }) {
  const li = document.createElement('li');
  li.className = 'fl-result';
  li.dataset.seed = result.seed;
  const create = button('fl-create', 'Create', `Create a Fonster with the seed “${result.seed}”`);
  create.addEventListener('click', () => post({ type: 'create', seed: result.seed, engine }));
  const set = button('fl-set', 'Set as seed', `Set “${result.seed}” as the seed of ${target ? `“${target.name}”` : 'the open Fonster'}`);
  set.hidden = !canSet;
  set.addEventListener('click', () => post({ type: 'setSeed', seed: result.seed, engine }));
  const actions = document.createElement('span');
  actions.className = 'fl-result-actions';
  actions.append(create, set);
  li.append(...described(result), actions);
  return li;
}

/** What is said when a search ends (`done`): what it found, or what it tried without a match. */
export function doneSentence(m, count, engine) {
  return count === 0
    ? `No match drawn by ${engine}: the search tried ${m.tried.toLocaleString()} variants (${ENDINGS[m.stoppedBy] || m.stoppedBy}). Try another base, fewer traits or another engine.`
    : `Found ${count} match${count === 1 ? '' : 'es'} drawn by ${engine}; the search stopped at ${ENDINGS[m.stoppedBy] || m.stoppedBy}.`;
}

/** What is said when the person stopped a search. */
export const stoppedSentence = (count) => `Stopped after ${count} match${count === 1 ? '' : 'es'}.`;
