// @ts-check
'use strict';

/**
 * Split a `data:` URI into its MIME type and bytes (base64 or percent-encoded).
 * @param {string} uri
 * @returns {{ mime: string, bytes: Buffer }}
 */
function decodeDataUri(uri) {
  const match = /^data:([^,]*?),(.*)$/s.exec(uri || '');
  if (!match) throw new Error('The server sent an image that is not a data: URI.');
  const meta = match[1].split(';');
  const base64 = meta.includes('base64');
  const mime = meta[0] || 'text/plain';
  const bytes = base64 ? Buffer.from(match[2], 'base64') : Buffer.from(decodeURIComponent(match[2]), 'utf8');
  return { mime, bytes };
}

module.exports = { decodeDataUri };
