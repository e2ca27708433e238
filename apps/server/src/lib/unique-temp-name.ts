import { randomBytes } from 'node:crypto';
import os from 'node:os';

/**
 * A name beside `file` for writing it whole before renaming it into place, unique across processes
 * and machines. The process id alone is not: in containers every node's server has the same small
 * pid (two inference nodes sharing a model volume were both pid 26), so the host name (a container's
 * id) and random bytes are in it too.
 */
export function uniqueTempName(file: string, suffix = 'tmp'): string {
  const host = os
    .hostname()
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 24);
  return `${file}.${host}-${process.pid}-${randomBytes(4).toString('hex')}.${suffix}`;
}
