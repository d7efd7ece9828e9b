// The report thread's entry: plain JavaScript, so a worker thread can start it; it registers tsx's
// loader (the server's sources are TypeScript) and then runs the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
