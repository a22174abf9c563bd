// The export options a view sends (size, background), checked against the server's forms.

/** The size and background of an `export` message, kept only when they are of the server's form. */
export function exportOptions(m) {
  const options = {};
  if (Number.isInteger(m.size) && m.size >= 32 && m.size <= 2048 && m.size % 32 === 0) options.size = m.size;
  if (typeof m.background === 'string' && /^(transparent|sky|#[0-9a-fA-F]{6})$/.test(m.background)) options.background = m.background;
  return options;
}
