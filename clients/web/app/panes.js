// On a phone (a narrow window) the page is a list and a detail, one at a time: the library
// first; opening a Fonster (a click, Enter) shows its detail with the picture at the top; the
// back button or Escape returns to the list, on the row just seen. app.css hides the other pane
// only below 760 px, so wider windows show both and never notice.

/**
 * @param {object} deps
 * @param {HTMLButtonElement} deps.back the detail's “‹ Library” button
 * @param {HTMLElement} deps.main the detail's scrolling area
 * @param {() => boolean} deps.busy whether Escape belongs to something else now (a draft, a dialog)
 * @param {() => void} deps.onList the list is shown again (give it the keyboard)
 */
export function setupPanes(deps) {
  const narrow = matchMedia('(max-width: 760px)');

  /** Show the list or the detail (on a phone; wider windows show both, and nothing moves there). */
  function show(pane) {
    if (document.body.dataset.pane === pane) return;
    document.body.dataset.pane = pane;
    if (!narrow.matches) return;
    if (pane === 'detail') { deps.main.scrollTop = 0; window.scrollTo(0, 0); } else deps.onList();
  }

  deps.back.addEventListener('click', () => show('list'));
  // Capture: Escape in a field that holds a draft reverts the draft (the field's own key), so
  // it is looked at before the field handles it.
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !narrow.matches || document.body.dataset.pane !== 'detail' || deps.busy()) return;
    e.preventDefault();
    show('list');
  }, true);

  return { show, get narrow() { return narrow.matches; } };
}
