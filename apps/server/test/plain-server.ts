/** The server's tests import the test kit's plainServer from here, beside their other helpers. */
export { plainServer } from '@sema/testkit/plain-server';
