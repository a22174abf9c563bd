// How the page speaks: a toast for what just happened (polite, with an optional action such as
// Undo), and errors announced assertively with what to do next.

import { explain } from './errors.js';

/**
 * @param {{ toast: HTMLElement, toastText: HTMLElement, toastAction: HTMLButtonElement, toastClose: HTMLElement, announcer: HTMLElement }} el
 */
export function createAnnouncer(el) {
  let toastTimer = 0;
  /** Keep a band under the page as tall as the toast, so the toast covers no control. */
  const makeRoom = () => {
    const height = el.toast.hidden ? 0 : el.toast.getBoundingClientRect().height + 28;
    document.body.style.setProperty('--toast-space', `${Math.ceil(height)}px`);
  };
  const hideToast = () => { el.toast.hidden = true; makeRoom(); };
  el.toastClose.addEventListener('click', hideToast);

  /** Say something in the toast (polite) — with an optional action button. */
  function toast(message, action) {
    clearTimeout(toastTimer);
    el.toastText.textContent = message;
    el.toast.hidden = false;
    el.toast.classList.remove('error');
    el.toastAction.hidden = !action;
    if (action) {
      el.toastAction.textContent = action.label;
      el.toastAction.onclick = () => { hideToast(); action.run(); };
    }
    makeRoom();
    toastTimer = setTimeout(hideToast, action ? 12000 : 5000);
  }

  /** Announce an error (assertive) and show it; the text says what to do. */
  function announceError(error) {
    const text = explain(error);
    el.announcer.textContent = '';
    setTimeout(() => { el.announcer.textContent = text; }, 30);
    toast(text);
    el.toast.classList.add('error');
  }

  /** Run a user action, announcing its error instead of throwing. */
  async function attempt(fn) {
    try { return await fn(); } catch (error) { announceError(error); return undefined; }
  }

  return { toast, announceError, attempt };
}
