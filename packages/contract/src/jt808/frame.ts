/**
 * JT/T 808's framing (section 4.4): a message between two 0x7e flags, 0x7e and 0x7d escaped inside, ending with a
 * checksum byte that XORs every byte before it.
 */

export const FLAG = 0x7e;
const ESCAPE = 0x7d;

/** The bytes between the flags as sent: 0x7e becomes 0x7d 0x02, 0x7d becomes 0x7d 0x01. */
export function escapeBytes(raw: Uint8Array): Uint8Array {
  let escapes = 0;
  for (const b of raw) if (b === FLAG || b === ESCAPE) escapes += 1;
  const out = new Uint8Array(raw.length + escapes);
  let n = 0;
  for (const b of raw) {
    if (b === FLAG || b === ESCAPE) {
      out[n++] = ESCAPE;
      out[n++] = b === FLAG ? 0x02 : 0x01;
    } else out[n++] = b;
  }
  return out;
}

/** The bytes as meant; undefined for an escape byte not followed by 0x01 or 0x02. */
export function unescapeBytes(sent: Uint8Array): Uint8Array | undefined {
  const out = new Uint8Array(sent.length);
  let n = 0;
  for (let i = 0; i < sent.length; i += 1) {
    const b = sent[i] as number;
    if (b !== ESCAPE) {
      out[n++] = b;
      continue;
    }
    const next = sent[++i];
    if (next === 0x01) out[n++] = ESCAPE;
    else if (next === 0x02) out[n++] = FLAG;
    else return undefined;
  }
  return out.subarray(0, n);
}

export function checksum(bytes: Uint8Array, end = bytes.length): number {
  let sum = 0;
  for (let i = 0; i < end; i += 1) sum ^= bytes[i] as number;
  return sum;
}

/** A whole frame as sent: flag, escaped message and checksum, flag; written in one pass into one array. */
export function frame(message: Uint8Array): Uint8Array {
  const sum = checksum(message);
  const escaped = (b: number) => b === FLAG || b === ESCAPE;
  let escapes = escaped(sum) ? 1 : 0;
  for (let i = 0; i < message.length; i += 1) if (escaped(message[i] as number)) escapes += 1;
  const out = new Uint8Array(message.length + escapes + 3);
  out[0] = FLAG;
  let n = 1;
  const put = (b: number) => {
    if (escaped(b)) {
      out[n++] = ESCAPE;
      out[n++] = b === FLAG ? 0x02 : 0x01;
    } else out[n++] = b;
  };
  for (let i = 0; i < message.length; i += 1) put(message[i] as number);
  put(sum);
  out[n] = FLAG;
  return out;
}

/**
 * Cuts a TCP stream into frames. Bytes before the first flag are dropped; a frame longer than `maxFrame` (escaped)
 * is dropped whole, so a peer that never sends a flag holds at most `maxFrame` bytes of memory.
 */
export class FrameSplitter {
  private buffer: Uint8Array = new Uint8Array(0);
  private inFrame = false;
  private dropping = false;
  /** Frames dropped for their length since the splitter began. */
  overlong = 0;

  constructor(private readonly maxFrame: number) {}

  /** The escaped contents of each complete frame in `chunk` (flags removed, checksum still at the end). */
  push(chunk: Uint8Array): Uint8Array[] {
    const frames: Uint8Array[] = [];
    let start = 0;
    for (let i = 0; i < chunk.length; i += 1) {
      if (chunk[i] !== FLAG) continue;
      if (this.inFrame) {
        const part = chunk.subarray(start, i);
        if (!this.dropping && this.buffer.length + part.length <= this.maxFrame) {
          const whole = this.take(part);
          // Two flags in a row: the first ended a frame the peer lost, or both bound nothing; start a frame at the second.
          if (whole.length > 0) {
            frames.push(whole);
            this.inFrame = false;
            start = i + 1;
            continue;
          }
        } else if (!this.dropping) {
          this.overlong += 1;
        }
        this.buffer = new Uint8Array(0);
        this.dropping = false;
      }
      this.inFrame = true;
      start = i + 1;
    }
    if (this.inFrame && !this.dropping) {
      const part = chunk.subarray(start);
      if (this.buffer.length + part.length > this.maxFrame) {
        this.dropping = true;
        this.overlong += 1;
        this.buffer = new Uint8Array(0);
      } else if (part.length > 0) {
        this.buffer = this.take(part);
      }
    }
    return frames;
  }

  /** The bytes waiting for their closing flag. */
  get pending(): number {
    return this.buffer.length;
  }

  private take(part: Uint8Array): Uint8Array {
    if (this.buffer.length === 0) return part.slice();
    const joined = new Uint8Array(this.buffer.length + part.length);
    joined.set(this.buffer);
    joined.set(part, this.buffer.length);
    this.buffer = new Uint8Array(0);
    return joined;
  }
}
