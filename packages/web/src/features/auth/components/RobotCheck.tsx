import { accountApi, httpCall } from '@safety-shield/contract';
import type { Challenge } from 'altcha-lib/types';
import { forwardRef, type RefObject, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../shared/http/client.js';
import { solveRobotChallenge } from './robot-solver.js';
import './robot-check.css';

/** The challenge is fetched bare: its answer is not the envelope, and the server's `date` header times its expiry. */
const CHALLENGE_PATH = httpCall(accountApi.captcha, undefined).path;
/** A solution this close to its expiry might reach the server too late: ask for a new one. */
const EXPIRY_MARGIN_MS = 10_000;

export interface RobotCheckHandle {
  /** A solution is good for one login attempt: fetch a new challenge after each. */
  reset(): void;
}

interface Props {
  /** The solution payload once solved, null when it is not (again). */
  onChange(payload: string | null): void;
}

type State = { name: 'idle' } | { name: 'verifying' } | { name: 'verified'; payload: string } | { name: 'failed'; reason: string };

/** Abandons the running proof-of-work and the expiry timer of a solved one. */
function stopWork(work: RefObject<AbortController | null>, expiry: RefObject<ReturnType<typeof setTimeout> | undefined>) {
  work.current?.abort();
  clearTimeout(expiry.current);
}

/**
 * The robot check (ARCHITECTURE section 3): an ALTCHA proof-of-work the browser solves when the box is ticked,
 * no third party involved. The tick stays until the login uses the solution or the challenge expires.
 */
export const RobotCheck = forwardRef<RobotCheckHandle, Props>(function RobotCheck({ onChange }, ref) {
  const { t } = useTranslation();
  const statusId = useId();
  const [state, setState] = useState<State>({ name: 'idle' });
  const work = useRef<AbortController>(null);
  const expiry = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const stop = () => stopWork(work, expiry);
  useEffect(() => () => stopWork(work, expiry), []);

  const settle = (next: State) => {
    setState(next);
    onChangeRef.current(next.name === 'verified' ? next.payload : null);
  };

  useImperativeHandle(ref, () => ({
    reset() {
      stop();
      settle({ name: 'idle' });
    },
  }));

  const verify = async () => {
    stop();
    const controller = new AbortController();
    work.current = controller;
    settle({ name: 'verifying' });
    try {
      const fetchedAt = Date.now();
      const response = await fetch(CHALLENGE_PATH, { signal: controller.signal, headers: { accept: 'application/json' } });
      // The expiry is the server's time: count it on the server's clock, the browser's may be off.
      const serverNow = Date.parse(response.headers.get('date') ?? '') || fetchedAt;
      const body = await response.json();
      if (!response.ok) return settle({ name: 'failed', reason: failureText(body) });
      const challenge = body as Challenge;
      const payload = await solveRobotChallenge(challenge, controller);
      if (controller.signal.aborted) return;
      if (!payload) return settle({ name: 'failed', reason: t('login.robot.timeout') });
      settle({ name: 'verified', payload });
      const expiresAt = challenge.parameters.expiresAt;
      if (expiresAt) {
        const left = expiresAt * 1000 - serverNow - (Date.now() - fetchedAt) - EXPIRY_MARGIN_MS;
        expiry.current = setTimeout(() => settle({ name: 'failed', reason: t('login.robot.expired') }), Math.max(0, left));
      }
    } catch (error) {
      if (!controller.signal.aborted) settle({ name: 'failed', reason: t('http.networkError', { message: (error as Error).message }) });
    }
  };

  const status = state.name === 'failed' ? state.reason : state.name === 'idle' ? '' : t(`login.robot.${state.name}`);

  return (
    <div className={`robot-check robot-check-${state.name}`} data-testid="robot-check">
      <label className="robot-check-box">
        <span className="robot-check-mark">
          <input
            type="checkbox"
            checked={state.name === 'verified'}
            aria-busy={state.name === 'verifying'}
            aria-describedby={statusId}
            // Ticking starts the work; a verified box stays ticked until the login uses it.
            onChange={() => state.name !== 'verifying' && state.name !== 'verified' && void verify()}
          />
          {state.name === 'verifying' && <span className="robot-check-spinner" aria-hidden />}
        </span>
        <span>{t('login.robot.label')}</span>
      </label>
      <span id={statusId} className="robot-check-status" role="status" aria-live="polite">
        {status}
      </span>
      <input type="hidden" name="code" value={state.name === 'verified' ? state.payload : ''} />
    </div>
  );
});
