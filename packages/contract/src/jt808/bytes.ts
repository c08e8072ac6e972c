/** Big-endian reading and writing of JT/T 808's field types (BYTE, WORD, DWORD, BCD[n], STRING in GBK). */
import iconv from 'iconv-lite';

/** A body shorter than its fields, or a field out of its range: the message is refused as malformed. */
export class Jt808FormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'Jt808FormatError';
  }
}

/** Reads a body field by field; every read past the end throws Jt808FormatError. */
export class Reader {
  private at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get left(): number {
    return this.bytes.length - this.at;
  }

  private take(n: number): Uint8Array {
    if (n < 0 || this.at + n > this.bytes.length) throw new Jt808FormatError(`needs ${n} bytes at ${this.at}, has ${this.left}`);
    const part = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return part;
  }

  byte(): number {
    return this.take(1)[0] as number;
  }

  word(): number {
    const b = this.take(2);
    return ((b[0] as number) << 8) | (b[1] as number);
  }

  dword(): number {
    const b = this.take(4);
    return ((b[0] as number) * 0x1000000 + (((b[1] as number) << 16) | ((b[2] as number) << 8) | (b[3] as number))) >>> 0;
  }

  bytesOf(n: number): Uint8Array {
    return this.take(n);
  }

  rest(): Uint8Array {
    return this.take(this.left);
  }

  /** BCD[n]: 2n decimal digits (a nibble above 9 is malformed). */
  bcd(n: number): string {
    let digits = '';
    for (const b of this.take(n)) {
      const high = b >> 4;
      const low = b & 0x0f;
      if (high > 9 || low > 9) throw new Jt808FormatError(`BCD byte ${b.toString(16)}`);
      digits += `${high}${low}`;
    }
    return digits;
  }

  /** A GBK text of n bytes, cut at its first NUL, trimmed. */
  text(n: number): string {
    return gbkText(this.take(n));
  }

  /** A GBK text up to its NUL terminator (or the body's end). */
  textToNul(): string {
    const rest = this.bytes.subarray(this.at);
    const end = rest.indexOf(0);
    const text = gbkText(rest.subarray(0, end < 0 ? rest.length : end));
    this.at += end < 0 ? rest.length : end + 1;
    return text;
  }
}

/** GBK bytes as text: cut at the first NUL, padding of spaces and NULs trimmed. */
export function gbkText(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return iconv.decode(Buffer.from(end < 0 ? bytes : bytes.subarray(0, end)), 'gbk').trim();
}

export function gbkBytes(text: string): Uint8Array {
  return new Uint8Array(iconv.encode(text, 'gbk'));
}

/** Builds a body field by field, in a buffer that grows as it fills (a frame's fields are written once per message). */
export class Writer {
  private buffer = new Uint8Array(64);
  private at = 0;

  private room(n: number): void {
    if (this.at + n <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.at + n));
    grown.set(this.buffer.subarray(0, this.at));
    this.buffer = grown;
  }

  byte(value: number): this {
    this.room(1);
    this.buffer[this.at++] = value & 0xff;
    return this;
  }

  word(value: number): this {
    return this.byte(value >> 8).byte(value);
  }

  dword(value: number): this {
    return this.word(Math.floor(value / 0x10000) & 0xffff).word(value & 0xffff);
  }

  bytes(values: Uint8Array | readonly number[]): this {
    this.room(values.length);
    if (values instanceof Uint8Array) this.buffer.set(values, this.at);
    else for (let i = 0; i < values.length; i += 1) this.buffer[this.at + i] = (values[i] as number) & 0xff;
    this.at += values.length;
    return this;
  }

  /** BCD[n] of a decimal text, zero-padded on the left (longer texts keep their last 2n digits). */
  bcd(digits: string, n: number): this {
    const padded = digits.padStart(2 * n, '0').slice(-2 * n);
    for (let i = 0; i < n; i += 1) this.byte((Number(padded[2 * i]) << 4) | Number(padded[2 * i + 1]));
    return this;
  }

  /** A GBK text in a field of n bytes, padded with NULs (cut when longer). */
  text(value: string, n: number): this {
    const encoded = gbkBytes(value).subarray(0, n);
    this.bytes(encoded);
    for (let i = encoded.length; i < n; i += 1) this.byte(0);
    return this;
  }

  /** A GBK text of its own length (the rest of a body). */
  textRest(value: string): this {
    return this.bytes(gbkBytes(value));
  }

  get length(): number {
    return this.at;
  }

  done(): Uint8Array {
    return this.buffer.slice(0, this.at);
  }
}
