// @ts-check
'use strict';

/** Minimal PNG encode/decode for the tests (encode: RGBA 8-bit; decode: what the server writes). */

const zlib = require('zlib');

const { crc32 } = require('../../scripts/zip');

/**
 * @param {number} width
 * @param {number} height
 * @param {Uint8Array} rgba width*height*4 bytes
 */
function encodePng(width, height, rgba) {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** @param {string} type @param {Buffer} data */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed), 0);
  return Buffer.concat([length, typed, crc]);
}

/**
 * Read width and height from a PNG's IHDR.
 * @param {Buffer} bytes
 */
function pngSize(bytes) {
  if (bytes.length < 24 || bytes.toString('latin1', 1, 4) !== 'PNG' || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG');
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Decode a non-interlaced PNG (grey, RGB, palette, grey+alpha, RGBA; bit
 * depths 1, 2, 4, 8) to 8-bit RGBA.
 * @param {Buffer} bytes
 * @returns {{ width: number, height: number, rgba: Buffer }}
 */
function decodePng(bytes) {
  const { width, height } = pngSize(bytes);
  let offset = 8;
  let colorType = 6;
  let bitDepth = 8;
  /** @type {Buffer[]} */
  const idat = [];
  /** @type {Buffer | null} */
  let palette = null;
  /** @type {Buffer | null} */
  let trns = null;
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      bitDepth = data[8];
      colorType = data[9];
      if (data[12] !== 0) throw new Error('interlaced PNG not supported');
    } else if (type === 'PLTE') palette = data;
    else if (type === 'tRNS') trns = data;
    else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType];
  if (!channels) throw new Error(`colour type ${colorType} not supported`);
  if (![1, 2, 4, 8].includes(bitDepth) || (bitDepth < 8 && channels !== 1)) throw new Error(`bit depth ${bitDepth} not supported`);
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = Math.ceil((width * channels * bitDepth) / 8);
  const bpp = Math.max(1, (channels * bitDepth) / 8);
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? pixels[y * stride + x - bpp] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y > 0 ? pixels[(y - 1) * stride + x - bpp] : 0;
      let v = line[x];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[y * stride + x] = v & 0xff;
    }
  }
  /** The sample (0…2^bitDepth-1) number `i` of row `y`. */
  const sample = (/** @type {number} */ y, /** @type {number} */ i) => {
    if (bitDepth === 8) return pixels[y * stride + i];
    const bit = i * bitDepth;
    const byte = pixels[y * stride + (bit >> 3)];
    return (byte >> (8 - bitDepth - (bit & 7))) & ((1 << bitDepth) - 1);
  };
  const scale = 255 / ((1 << bitDepth) - 1);
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const s = (/** @type {number} */ k) => sample(y, x * channels + k);
      let r, g, b, a = 255;
      if (colorType === 6) [r, g, b, a] = [s(0), s(1), s(2), s(3)];
      else if (colorType === 2) [r, g, b] = [s(0), s(1), s(2)];
      else if (colorType === 0) r = g = b = Math.round(s(0) * scale);
      else if (colorType === 4) { r = g = b = s(0); a = s(1); }
      else {
        const idx = s(0);
        const pal = /** @type {Buffer} */ (palette);
        r = pal[idx * 3]; g = pal[idx * 3 + 1]; b = pal[idx * 3 + 2];
        a = trns && idx < trns.length ? trns[idx] : 255;
      }
      rgba[o] = r; rgba[o + 1] = g; rgba[o + 2] = b; rgba[o + 3] = a;
    }
  }
  return { width, height, rgba };
}

module.exports = { encodePng, decodePng, pngSize, crc32 };
