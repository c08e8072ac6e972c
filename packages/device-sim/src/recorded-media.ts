import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type EvidenceOverlay, evidenceArgs } from './ffmpeg-args.js';

/** ffmpeg's stderr kept for the error of a failed run. */
const ERROR_TAIL = 1_000;

/**
 * Encodes one evidence file with ffmpeg: a JPEG, or an MP4 of `seconds`. Asynchronous (a child process), so a device
 * goes on reporting while its camera "records". The MP4's moov goes first (+faststart), which needs a seekable
 * output: a file in a temporary folder, read back and removed.
 */
export async function encodeEvidence(
  ffmpeg: string,
  kind: 'picture' | 'video',
  overlay: EvidenceOverlay,
  seconds: number,
): Promise<Buffer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'sim-evidence-'));
  const output = path.join(folder, kind === 'picture' ? 'evidence.jpg' : 'evidence.mp4');
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(ffmpeg, evidenceArgs(kind, output, overlay, seconds), { stdio: ['ignore', 'ignore', 'pipe'] });
      let errors = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        errors = (errors + chunk.toString()).slice(-ERROR_TAIL);
      });
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code ?? signal}: ${errors.trim()}`)),
      );
    });
    return await readFile(output);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
