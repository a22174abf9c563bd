// @ts-check
'use strict';

/**
 * LSP-style message framing: `Content-Length: N\r\n\r\n` followed by N bytes
 * of UTF-8 JSON. `encodeMessage` writes one frame; `FrameDecoder` turns a byte
 * stream (in arbitrary chunks) back into parsed messages.
 */

const HEADER_END = Buffer.from('\r\n\r\n', 'ascii');

/**
 * @param {unknown} message any JSON-serialisable value
 * @returns {Buffer}
 */
function encodeMessage(message) {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  const header = Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii');
  return Buffer.concat([header, body]);
}

class FramingError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'FramingError';
  }
}

/**
 * Incremental decoder. Feed it chunks; it calls `onMessage` for each complete
 * frame whose body is valid JSON and `onError` for malformed frames (a bad
 * header loses the rest of the buffer, a bad body loses only that frame).
 */
class FrameDecoder {
  /**
   * @param {(message: any) => void} onMessage
   * @param {(error: Error) => void} [onError]
   */
  constructor(onMessage, onError) {
    this.onMessage = onMessage;
    this.onError = onError || (() => {});
    /** @type {Buffer} */
    this.buffer = Buffer.alloc(0);
    /** @type {number | null} body length of the frame being read */
    this.expected = null;
  }

  /** @param {Buffer | string} chunk */
  push(chunk) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([this.buffer, bytes]);
    for (;;) {
      if (this.expected === null) {
        const end = this.buffer.indexOf(HEADER_END);
        if (end < 0) {
          if (this.buffer.length > 8192) {
            this.fail(new FramingError('Frame header longer than 8 KiB without a blank line'));
          }
          return;
        }
        const header = this.buffer.subarray(0, end).toString('ascii');
        this.buffer = this.buffer.subarray(end + HEADER_END.length);
        const length = parseContentLength(header);
        if (length === null) {
          this.fail(new FramingError(`Frame header without a valid Content-Length: ${JSON.stringify(header)}`));
          return;
        }
        this.expected = length;
      }
      if (this.buffer.length < this.expected) return;
      const body = this.buffer.subarray(0, this.expected);
      this.buffer = this.buffer.subarray(this.expected);
      this.expected = null;
      let message;
      try {
        message = JSON.parse(body.toString('utf8'));
      } catch (error) {
        this.onError(new FramingError(`Frame body is not JSON: ${/** @type {Error} */ (error).message}`));
        continue;
      }
      this.onMessage(message);
    }
  }

  /** @param {Error} error */
  fail(error) {
    this.buffer = Buffer.alloc(0);
    this.expected = null;
    this.onError(error);
  }
}

/**
 * @param {string} header the header block without the final blank line
 * @returns {number | null}
 */
function parseContentLength(header) {
  for (const line of header.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    if (!/^\d+$/.test(value)) return null;
    return Number(value);
  }
  return null;
}

module.exports = { encodeMessage, FrameDecoder, FramingError, parseContentLength };
