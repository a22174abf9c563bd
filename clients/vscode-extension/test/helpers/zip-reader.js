// @ts-check
'use strict';

/** Read a ZIP through its central directory, checking sizes and CRC-32 of every entry. */

const zlib = require('zlib');
const { crc32 } = require('./png');

/**
 * @param {Buffer} zip
 * @returns {Map<string, { data: Buffer, method: number, mode: number, crc: number }>}
 */
function readZip(zip) {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) throw new Error('no end-of-central-directory record');
  const count = zip.readUInt16LE(eocd + 10);
  const size = zip.readUInt32LE(eocd + 12);
  let at = zip.readUInt32LE(eocd + 16);
  if (at + size !== eocd) throw new Error('central directory does not end at the EOCD');
  /** @type {Map<string, { data: Buffer, method: number, mode: number, crc: number }>} */
  const entries = new Map();
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central header at ${at}`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const uncompressed = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const external = zip.readUInt32LE(at + 38);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localOffset) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const localName = zip.toString('utf8', localOffset + 30, localOffset + 30 + zip.readUInt16LE(localOffset + 26));
    if (localName !== name) throw new Error(`local name ${localName} ≠ central name ${name}`);
    const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const raw = zip.subarray(dataStart, dataStart + compressed);
    let data;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) data = zlib.inflateRawSync(raw);
    else throw new Error(`unsupported method ${method} for ${name}`);
    if (data.length !== uncompressed) throw new Error(`${name}: size ${data.length} ≠ ${uncompressed}`);
    if (crc32(data) !== crc) throw new Error(`${name}: CRC mismatch`);
    if (entries.has(name)) throw new Error(`duplicate entry ${name}`);
    entries.set(name, { data, method, mode: (external >>> 16) & 0o7777, crc });
  }
  return entries;
}

module.exports = { readZip };
