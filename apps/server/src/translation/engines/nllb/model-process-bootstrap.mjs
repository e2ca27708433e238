// Entry point of the model process. The server runs TypeScript through tsx, whose loader a child
// process (or a test runner's) does not reliably inherit, so register it here, then load the model process's code.
import { register } from 'tsx/esm/api';

register();
await import(process.argv[2]);
