// @ts-check
'use strict';

/**
 * LSP-style message framing: `Content-Length: N\r\n\r\n` followed by N bytes
 * of UTF-8 JSON. `encodeMessage` writes one frame; `FrameDecoder` turns a byte
 * stream (in arbitrary chunks) back into parsed messages.
 */

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

/** The longest header block read before the decoder gives up on the stream. */
const HEADER_LIMIT = 8192;

/**
 * Incremental decoder. Feed it chunks; it calls `onMessage` for each complete
 * frame whose body is valid JSON and `onError` for malformed frames (a bad
 * header loses the rest of the chunk, a bad body loses only that frame).
 * Linear in its input: a body is copied once, into a buffer of the size its
 * header announced, however many chunks it arrives in.
 */
class FrameDecoder {
  /**
   * @param {(message: any) => void} onMessage
   * @param {(error: Error) => void} [onError]
   */
  constructor(onMessage, onError) {
    this.onMessage = onMessage;
    this.onError = onError || (() => {});
    /** the header block read so far */
    this.head = Buffer.alloc(HEADER_LIMIT);
    this.headLength = 0;
    /** @type {Buffer | null} the body being filled, sized by its Content-Length */
    this.body = null;
    this.filled = 0;
  }

  /** @param {Buffer | string} chunk */
  push(chunk) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let at = 0;
    while (at < bytes.length) {
      if (this.body) {
        const n = Math.min(this.body.length - this.filled, bytes.length - at);
        bytes.copy(this.body, this.filled, at, at + n);
        this.filled += n;
        at += n;
        if (this.filled === this.body.length) this.deliver();
        continue;
      }
      at = this.readHeader(bytes, at);
    }
  }

  /**
   * Read header bytes from `bytes` at `at` until the blank line; returns where reading stopped.
   * @param {Buffer} bytes @param {number} at
   */
  readHeader(bytes, at) {
    while (at < bytes.length) {
      if (this.headLength === HEADER_LIMIT) {
        this.fail(new FramingError('Frame header longer than 8 KiB without a blank line'));
        return bytes.length;
      }
      this.head[this.headLength++] = bytes[at++];
      if (this.headLength >= 4 && this.head[this.headLength - 1] === 10 && this.head[this.headLength - 2] === 13
        && this.head[this.headLength - 3] === 10 && this.head[this.headLength - 4] === 13) {
        const header = this.head.toString('ascii', 0, this.headLength - 4);
        this.headLength = 0;
        const length = parseContentLength(header);
        if (length === null) {
          this.fail(new FramingError(`Frame header without a valid Content-Length: ${JSON.stringify(header)}`));
          return bytes.length;
        }
        this.body = Buffer.allocUnsafe(length);
        this.filled = 0;
        if (length === 0) this.deliver();
        return at;
      }
    }
    return at;
  }

  /** Parse the completed body and hand it on. */
  deliver() {
    const body = /** @type {Buffer} */ (this.body);
    this.body = null;
    let message;
    try {
      message = JSON.parse(body.toString('utf8'));
    } catch (error) {
      this.onError(new FramingError(`Frame body is not JSON: ${/** @type {Error} */ (error).message}`));
      return;
    }
    this.onMessage(message);
  }

  /** @param {Error} error */
  fail(error) {
    this.headLength = 0;
    this.body = null;
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
