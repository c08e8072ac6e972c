import { ConsentList } from './components/ConsentList.js';

/** /clause/state: the newest answer of every account (or company) in scope, per clause. */
export function ClauseStatePage() {
  return <ConsentList view="state" />;
}
