/**
 * Round-robin over the servers of an engine that spreads work (`remote`, `kserve`): the next one
 * that is up, skipping the one a request just failed on; a server that is down only when there is
 * no other.
 */
export class EndpointRotation<T extends { readonly usable: boolean }> {
  private next = 0;

  /** The configuration gives at least one server. */
  constructor(private readonly endpoints: readonly T[]) {}

  /** The next server that is up, round-robin; `avoid` only when there is no other choice. */
  pick(avoid?: T): T {
    const count = this.endpoints.length;
    for (const usableOnly of [true, false]) {
      for (let i = 0; i < count; i++) {
        const endpoint = this.endpoints[(this.next + i) % count]!;
        if (endpoint === avoid && count > 1) continue;
        if (usableOnly && !endpoint.usable) continue;
        this.next = (this.next + i + 1) % count;
        return endpoint;
      }
    }
    return avoid ?? this.endpoints[0]!;
  }
}
