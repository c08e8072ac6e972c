/**
 * Tiny but genuine evidence media, made in code (no encoder on the build machine): a baseline grayscale JPEG and an
 * H.264 MP4 of uncompressed (I_PCM) macroblocks. Browsers show the picture and play and seek the clip like a camera's.
 */

/** MSB-first bit writer for H.264 syntax (u(n), ue(v), se(v)) and JPEG entropy data. */
class Bits {
  private readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  u(value: number, length: number): this {
    for (let bit = length - 1; bit >= 0; bit--) {
      this.current = (this.current << 1) | ((value >>> bit) & 1);
      this.used += 1;
      if (this.used === 8) this.flush();
    }
    return this;
  }

  ue(value: number): this {
    const code = value + 1;
    const length = Math.floor(Math.log2(code)) + 1;
    return this.u(0, length - 1).u(code, length);
  }

  se(value: number): this {
    return this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }

  get aligned(): boolean {
    return this.used === 0;
  }

  /** Pads the last byte with `bit`s. */
  align(bit: 0 | 1): this {
    while (this.used !== 0) this.u(bit, 1);
    return this;
  }

  /** H.264 rbsp_trailing_bits: a stop bit, then zeros to the byte. */
  trailing(): this {
    return this.u(1, 1).align(0);
  }

  done(): Buffer {
    return Buffer.from(this.bytes);
  }

  private flush() {
    this.bytes.push(this.current);
    this.current = 0;
    this.used = 0;
  }
}

// --- JPEG -------------------------------------------------------------------------------------------------------

const segment = (marker: number, body: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/** The standard luminance DC table (ITU T.81 K.3): code lengths per category 0..11. */
const DC_COUNTS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_CODES: Array<[code: number, length: number]> = (() => {
  const codes: Array<[number, number]> = [];
  let code = 0;
  DC_COUNTS.forEach((count, index) => {
    for (let i = 0; i < count; i++) codes.push([code++, index + 1]);
    code <<= 1;
  });
  return codes;
})();

/**
 * A baseline JPEG of flat 8×8 blocks (one gray level each, DC only) with a comment segment of `comment` bytes,
 * so each resource's file is its own. Starts with SOI and a JFIF APP0 like a camera's.
 */
export function grayJpeg(width: number, height: number, shade: (blockX: number, blockY: number) => number, comment: Buffer): Buffer {
  const jfif = Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const frame = Buffer.alloc(9);
  frame.writeUInt8(8, 0);
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  frame.set([1, 1, 0x11, 0], 5);
  const entropy = new Bits();
  let previous = 0;
  for (let by = 0; by < Math.ceil(height / 8); by++) {
    for (let bx = 0; bx < Math.ceil(width / 8); bx++) {
      // With a DC quantiser of 8, a flat block of level v has the quantised DC v − 128.
      const dc = Math.max(16, Math.min(235, Math.round(shade(bx, by)))) - 128;
      const diff = dc - previous;
      previous = dc;
      const category = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
      const [code, length] = DC_CODES[category] ?? [0, 2];
      entropy.u(code, length);
      if (category > 0) entropy.u(diff > 0 ? diff : diff + (1 << category) - 1, category);
      entropy.u(0, 1); // EOB: no AC coefficients
    }
  }
  const scan: number[] = [];
  for (const byte of entropy.align(1).done()) {
    scan.push(byte);
    if (byte === 0xff) scan.push(0x00);
  }
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, jfif),
    segment(0xfe, comment.subarray(0, 65_000)),
    segment(0xdb, Buffer.from([0x00, ...new Array(64).fill(8)])),
    segment(0xc0, frame),
    segment(0xc4, Buffer.from([0x00, ...DC_COUNTS, ...DC_CODES.map((_, symbol) => symbol)])),
    segment(0xc4, Buffer.from([0x10, 1, ...new Array(15).fill(0), 0x00])),
    segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
    Buffer.from(scan),
    Buffer.from([0xff, 0xd9]),
  ]);
}

// --- H.264 in MP4 ---------------------------------------------------------------------------------------------------

/** NAL unit bytes with emulation prevention (no 00 00 0x≤3 inside). */
function nal(header: number, rbsp: Buffer): Buffer {
  const out: number[] = [header];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Buffer.from(out);
}

/** Constrained baseline, level 3.0: every picture an IDR, picture order = decoding order. */
function parameterSets(widthMbs: number, heightMbs: number) {
  const sps = new Bits()
    .u(66, 8) // profile_idc: baseline
    .u(0xc0, 8) // constraint_set0 and set1
    .u(30, 8) // level_idc 3.0
    .ue(0) // seq_parameter_set_id
    .ue(0) // log2_max_frame_num_minus4
    .ue(2) // pic_order_cnt_type
    .ue(1) // max_num_ref_frames
    .u(0, 1) // gaps_in_frame_num_value_allowed_flag
    .ue(widthMbs - 1)
    .ue(heightMbs - 1)
    .u(1, 1) // frame_mbs_only_flag
    .u(1, 1) // direct_8x8_inference_flag
    .u(0, 1) // frame_cropping_flag
    .u(0, 1) // vui_parameters_present_flag
    .trailing()
    .done();
  const pps = new Bits()
    .ue(0) // pic_parameter_set_id
    .ue(0) // seq_parameter_set_id
    .u(0, 1) // entropy_coding_mode_flag: CAVLC
    .u(0, 1) // bottom_field_pic_order_in_frame_present_flag
    .ue(0) // num_slice_groups_minus1
    .ue(0) // num_ref_idx_l0_default_active_minus1
    .ue(0) // num_ref_idx_l1_default_active_minus1
    .u(0, 1) // weighted_pred_flag
    .u(0, 2) // weighted_bipred_idc
    .se(0) // pic_init_qp_minus26
    .se(0) // pic_init_qs_minus26
    .se(0) // chroma_qp_index_offset
    .u(0, 1) // deblocking_filter_control_present_flag
    .u(0, 1) // constrained_intra_pred_flag
    .u(0, 1) // redundant_pic_cnt_present_flag
    .trailing()
    .done();
  return { sps: nal(0x67, sps), pps: nal(0x68, pps) };
}

/** One IDR picture of I_PCM macroblocks: `luma(mbX, mbY)` is each macroblock's flat gray level. */
function idrPicture(index: number, widthMbs: number, heightMbs: number, luma: (mbX: number, mbY: number) => number): Buffer {
  const bits = new Bits()
    .ue(0) // first_mb_in_slice
    .ue(7) // slice_type: I, all slices of the picture
    .ue(0) // pic_parameter_set_id
    .u(0, 4) // frame_num
    .ue(index % 2) // idr_pic_id differs between neighbouring IDRs
    .u(0, 1) // no_output_of_prior_pics_flag
    .u(0, 1) // long_term_reference_flag
    .se(0); // slice_qp_delta
  for (let mbY = 0; mbY < heightMbs; mbY++) {
    for (let mbX = 0; mbX < widthMbs; mbX++) {
      bits.ue(25); // mb_type I_PCM
      while (!bits.aligned) bits.u(0, 1); // pcm_alignment_zero_bit
      const level = Math.max(16, Math.min(235, Math.round(luma(mbX, mbY))));
      for (let i = 0; i < 256; i++) bits.u(level, 8);
      for (let i = 0; i < 128; i++) bits.u(128, 8); // no colour
    }
  }
  return nal(0x65, bits.trailing().done());
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}
const fullBox = (type: string, version: number, flags: number, ...parts: Buffer[]) => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff), 0);
  return box(type, head, ...parts);
};
const u32 = (...values: number[]) => {
  const buffer = Buffer.alloc(values.length * 4);
  for (const [index, value] of values.entries()) buffer.writeUInt32BE(value >>> 0, index * 4);
  return buffer;
};
const u16 = (...values: number[]) => {
  const buffer = Buffer.alloc(values.length * 2);
  for (const [index, value] of values.entries()) buffer.writeUInt16BE(value & 0xffff, index * 2);
  return buffer;
};
const MATRIX = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);

/**
 * An MP4 (moov before mdat, so a player reads the metadata from the first bytes and seeks with range requests) of
 * `frames` pictures at `fps`, every one a key frame. `luma(frame, mbX, mbY)` paints each 16×16 macroblock.
 */
export function pcmMp4(
  widthMbs: number,
  heightMbs: number,
  frames: number,
  fps: number,
  luma: (frame: number, mbX: number, mbY: number) => number,
) {
  const timescale = 1000;
  const delta = Math.round(timescale / fps);
  const duration = delta * frames;
  const width = widthMbs * 16;
  const height = heightMbs * 16;
  const { sps, pps } = parameterSets(widthMbs, heightMbs);
  const samples = Array.from({ length: frames }, (_, frame) => {
    const picture = idrPicture(frame, widthMbs, heightMbs, (x, y) => luma(frame, x, y));
    return Buffer.concat([u32(picture.length), picture]);
  });
  const avcC = box(
    'avcC',
    Buffer.from([1, sps[1] ?? 66, sps[2] ?? 0, sps[3] ?? 30, 0xff, 0xe1]),
    u16(sps.length),
    sps,
    Buffer.from([1]),
    u16(pps.length),
    pps,
  );
  const compressor = Buffer.alloc(32);
  const avc1 = box(
    'avc1',
    Buffer.alloc(6),
    u16(1), // data_reference_index
    Buffer.alloc(16),
    u16(width, height),
    u32(0x480000, 0x480000, 0),
    u16(1), // frame_count
    compressor,
    u16(0x18, 0xffff),
    avcC,
  );
  const moov = (chunkOffset: number) =>
    box(
      'moov',
      fullBox('mvhd', 0, 0, u32(0, 0, timescale, duration, 0x10000), u16(0x100, 0), Buffer.alloc(8), MATRIX, Buffer.alloc(24), u32(2)),
      box(
        'trak',
        fullBox('tkhd', 0, 3, u32(0, 0, 1, 0, duration, 0, 0), u16(0, 0, 0, 0), MATRIX, u32(width << 16, height << 16)),
        box(
          'mdia',
          fullBox('mdhd', 0, 0, u32(0, 0, timescale, duration), u16(0x55c4, 0)),
          fullBox('hdlr', 0, 0, u32(0), Buffer.from('vide', 'latin1'), u32(0, 0, 0), Buffer.from('VideoHandler\0', 'latin1')),
          box(
            'minf',
            fullBox('vmhd', 0, 1, u16(0, 0, 0, 0)),
            box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
            box(
              'stbl',
              fullBox('stsd', 0, 0, u32(1), avc1),
              fullBox('stts', 0, 0, u32(1, frames, delta)),
              fullBox('stsc', 0, 0, u32(1, 1, frames, 1)),
              fullBox('stsz', 0, 0, u32(0, frames, ...samples.map((sample) => sample.length))),
              fullBox('stco', 0, 0, u32(1, chunkOffset)),
            ),
          ),
        ),
      ),
    );
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(0x200), Buffer.from('isomiso2avc1mp41', 'latin1'));
  const moovLength = moov(0).length;
  return Buffer.concat([ftyp, moov(ftyp.length + moovLength + 8), box('mdat', ...samples)]);
}
