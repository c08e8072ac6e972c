import { ConsentList } from './components/ConsentList.js';

/** /clause/log: every agreement and cancellation in scope, with the local time the user saw. */
export function ClauseLogPage() {
  return <ConsentList view="log" />;
}
