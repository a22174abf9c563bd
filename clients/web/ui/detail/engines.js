// The detail view's engines: “Drawn by fonsters-v2” under the creature and — with more than one
// engine — the seed drawn by each, side by side; picking another switches the Fonster to it
// (its seed history stays; the switch is not an undo step).

/** The “Drawn by” line's markup (on the stage). */
export const ENGINE_LINE_MARKUP = '<p id="engine-line" class="engine-line" hidden>Drawn by <strong id="engine-name"></strong></p>';

/** The engine choices' markup. */
export const ENGINES_MARKUP = `
<section id="engines" class="engines library-only" aria-labelledby="engines-label" hidden>
  <p id="engines-label" class="group-label">Engine: pick the one that draws this Fonster (its seed history stays)</p>
  <div id="engine-choices" class="engine-choices" role="radiogroup" aria-labelledby="engines-label"></div>
</section>`;

/**
 * @param {HTMLElement} root the detail view
 * @param {{ pick(engine: string): void }} on `pick`: another engine was chosen
 */
export function createEnginesView(root, on) {
  const $ = (id) => /** @type {HTMLElement} */ (root.querySelector(`#${id}`));
  const line = $('engine-line');
  const name = $('engine-name');
  const section = $('engines');
  const choices = $('engine-choices');

  return {
    /** The engine in use and each engine's picture (ignored when missing). @param {import('./messages.js').Engines | undefined} engines */
    show(engines) {
      if (!engines) return;
      name.textContent = engines.current || '';
      line.hidden = !engines.current;
      const all = engines.choices || [];
      section.hidden = all.length < 2;
      choices.textContent = '';
      for (const choice of all) {
        const current = choice.engine === engines.current;
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'engine-choice';
        button.dataset.engine = choice.engine;
        button.setAttribute('role', 'radio');
        button.setAttribute('aria-checked', String(current));
        button.title = current ? `${choice.engine} draws this Fonster` : `Draw this Fonster with ${choice.engine}`;
        const img = document.createElement('img');
        img.src = choice.image.dataUri;
        img.alt = choice.image.alt ? `${choice.engine}: ${choice.image.alt}` : `The creature drawn by ${choice.engine}`;
        img.draggable = false;
        const caption = document.createElement('span');
        caption.textContent = current ? `${choice.engine} (in use)` : choice.engine;
        button.append(img, caption);
        button.addEventListener('click', () => { if (!current) on.pick(choice.engine); });
        choices.appendChild(button);
      }
    },
  };
}
