import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, checksum]);
}

/** A valid RGB PNG of `size`×`size` pixels showing a diagonal gradient. */
export function gradientPng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: truecolour
  const rowLength = 1 + size * 3;
  const pixels = Buffer.alloc(rowLength * size);
  for (let y = 0; y < size; y++) {
    pixels[y * rowLength] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const offset = y * rowLength + 1 + x * 3;
      pixels[offset] = Math.round((x / Math.max(1, size - 1)) * 255);
      pixels[offset + 1] = Math.round((y / Math.max(1, size - 1)) * 255);
      pixels[offset + 2] = 160;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
