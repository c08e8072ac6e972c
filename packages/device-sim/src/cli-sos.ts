import { localActions } from '@safety-shield/contract/device';
import type { SimDevice } from './device.js';
import { withFault } from './health.js';

export const SOS_KEYS_HELP =
  'Keys: s toggles S.O.S of the selected device, f toggles a lost camera (channel 1) on it, o takes it offline or online (starts one held --offline), t has its driver try a local action (settings, format, stop recording in turn: refused and reported while it is locked), n / p select the next / previous device, Ctrl-C stops.';

/**
 * The S.O.S button of the CLI (an interactive terminal only): `s` presses or releases the selected device's S.O.S,
 * `o` starts a device held offline (`--offline`) or takes the selected device offline properly and back,
 * `n` and `p` move the selection. Raw mode swallows Ctrl-C, so it is passed on as SIGINT.
 */
export function sosKeys(devices: readonly SimDevice[], print: (line: string) => void = console.log): void {
  const stdin = process.stdin;
  if (!stdin.isTTY || devices.length === 0) return;
  let selected = 0;
  let nextAction = 0;
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  print(SOS_KEYS_HELP);
  stdin.on('data', (key: string) => {
    const device = devices[selected];
    if (key === '\u0003') {
      process.emit('SIGINT');
      return;
    }
    if (!device) return;
    if (key === 'n' || key === 'p') {
      selected = (selected + (key === 'n' ? 1 : devices.length - 1)) % devices.length;
      print(`selected ${devices[selected]?.uuid}${devices[selected]?.sosActive ? ' (S.O.S held)' : ''}`);
    } else if (key === 'f') {
      const fault = { code: 'cameraLost', channel: 1 } as const;
      const on = !device.faults.some((held) => held.code === fault.code && held.channel === fault.channel);
      print(`${device.uuid}: camera 1 ${on ? 'lost' : 'back'}`);
      void device
        .setFaults(withFault(device.faults, fault, on))
        .then((ok) => print(`${device.uuid}: health ${ok ? 'acknowledged' : 'not sent (offline)'}`));
    } else if (key === 'o') {
      if (!device.started) {
        print(`${device.uuid}: starting`);
        void device.start().then((ok) => print(`${device.uuid}: ${ok ? 'online' : 'not connected yet (retrying)'}`));
      } else if (device.connected) {
        print(`${device.uuid}: going offline`);
        void device.disconnect().then(() => print(`${device.uuid}: offline`));
      } else {
        print(`${device.uuid}: reconnecting`);
        device.reconnect();
      }
    } else if (key === 't') {
      const action = localActions[nextAction++ % localActions.length] ?? 'changeSettings';
      const done = device.localAction(action);
      print(`${device.uuid}: ${action} ${done ? 'done (unlocked)' : 'refused (locked): tamper reported'}`);
    } else if (key === 's') {
      if (device.sosActive) {
        print(`${device.uuid}: S.O.S released`);
        void device.releaseSos().then((ok) => print(`${device.uuid}: release ${ok ? 'acknowledged' : 'not sent (offline)'}`));
      } else {
        print(`${device.uuid}: S.O.S pressed`);
        void device.pressSos().then((id) => print(`${device.uuid}: S.O.S ${id ? `acknowledged (${id})` : 'not sent (offline)'}`));
      }
    }
  });
}
