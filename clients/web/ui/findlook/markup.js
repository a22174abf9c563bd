// Find a look's form: the base text, the engine, the traits, Find/Stop, and where matches go;
// and its elements, looked up once by what they are.

/** The form's markup (the traits' controls are added by trait-controls.js). */
export const MARKUP = `
<form class="findlook-form" novalidate>
  <div class="fl-base">
    <label for="fl-base">Base text</label>
    <input id="fl-base" type="text" autocomplete="off" spellcheck="false" placeholder="A name, a word: its variants are tried" aria-describedby="fl-hint">
  </div>
  <div class="fl-engine">
    <label for="fl-engine">Engine</label>
    <select id="fl-engine" aria-describedby="fl-engine-note"></select>
    <span id="fl-engine-note" class="fl-target"></span>
  </div>
  <p id="fl-hint" class="hint">Matches arrive as they are found; editing the base, a trait or the engine starts again. Escape stops.</p>
  <fieldset class="fl-group" id="fl-features"><legend>Drawn features</legend></fieldset>
  <fieldset class="fl-group" id="fl-flags"><legend>Shape</legend></fieldset>
  <div class="fl-choices" id="fl-choices">
    <div class="fl-choice fl-color">
      <input id="fl-color-on" type="checkbox">
      <label for="fl-color-on">Dominant colour</label>
      <input id="fl-color" type="color" value="#e94560" aria-label="The dominant colour">
    </div>
  </div>
  <div class="fl-actions">
    <button id="fl-find" type="submit" class="primary">Find</button>
    <button id="fl-stop" type="button" disabled>Stop</button>
    <span id="fl-target" class="fl-target"></span>
  </div>
  <p id="fl-status" class="status" role="status" aria-live="polite"></p>
  <p id="fl-undo-line" class="fl-undo-line" role="status" hidden><span id="fl-undo-text"></span> <button id="fl-undo" type="button">Undo</button></p>
  <ul id="fl-results" class="fl-results" aria-label="Matches" aria-busy="false"></ul>
</form>
`;

/** The form's elements the panel works with, by what they are. */
export function formElements(root) {
  const $ = (id) => root.querySelector(`#${id}`);
  return {
    form: root.querySelector('form'), base: $('fl-base'), features: $('fl-features'), flags: $('fl-flags'), choices: $('fl-choices'),
    colorOn: $('fl-color-on'), color: $('fl-color'), find: $('fl-find'), stop: $('fl-stop'), target: $('fl-target'),
    status: $('fl-status'), results: $('fl-results'), undoLine: $('fl-undo-line'), undoText: $('fl-undo-text'), undo: $('fl-undo'),
    engine: $('fl-engine'), engineNote: $('fl-engine-note'),
  };
}
