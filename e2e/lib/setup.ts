// Every e2e file's setup: traces of failing tests when E2E_TRACE=1 (lib/traces.ts).
import { keepTracesOfFailures } from './traces';

keepTracesOfFailures();
