// Reordering the library by dragging a row: a line shows where it will land.

import { ROW_HEIGHT } from './rows.js';

/**
 * @param {HTMLElement} viewport the scrolling listbox
 * @param {HTMLElement} spacer the rows' container
 * @param {object} deps
 * @param {ReturnType<import('../list-model.js').createListModel>} deps.model
 * @param {(fonster: any, index: number) => void} deps.onMove a row was dropped at `index`
 */
export function enableDragToReorder(viewport, spacer, deps) {
  const { model } = deps;
  const dropLine = document.createElement('div');
  dropLine.className = 'drop-line';
  dropLine.hidden = true;
  viewport.appendChild(dropLine);
  let dragId = null;

  const slotAt = (clientY) => {
    const rect = viewport.getBoundingClientRect();
    const y = clientY - rect.top + viewport.scrollTop;
    return Math.max(0, Math.min(model.total, Math.round(y / ROW_HEIGHT)));
  };
  viewport.addEventListener('dragstart', (e) => {
    const row = e.target.closest('.row');
    if (!row || !row.dataset.id) return;
    dragId = row.dataset.id;
    row.classList.add('dragging');
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', dragId);
  });
  viewport.addEventListener('dragover', (e) => {
    if (!dragId) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    dropLine.hidden = false;
    dropLine.style.transform = `translateY(${slotAt(e.clientY) * ROW_HEIGHT - 1}px)`;
  });
  viewport.addEventListener('dragleave', (e) => { if (!viewport.contains(e.relatedTarget)) dropLine.hidden = true; });
  viewport.addEventListener('dragend', () => {
    dragId = null;
    dropLine.hidden = true;
    for (const row of spacer.querySelectorAll('.dragging')) row.classList.remove('dragging');
  });
  viewport.addEventListener('drop', (e) => {
    if (!dragId) return;
    e.preventDefault();
    const from = model.indexOf(dragId);
    const slot = slotAt(e.clientY);
    const to = slot > from ? slot - 1 : slot; // the slot counts the dragged row itself
    const fonster = model.at(from);
    dropLine.hidden = true;
    if (fonster && to !== from) deps.onMove(fonster, Math.max(0, Math.min(model.total - 1, to)));
  });
}
