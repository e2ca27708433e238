/**
 * The chat turns this process is answering, by id, so that a stop is a request of its own: the
 * person who asked presses Stop, the client sends `POST /api/v1/chat/turns/<id>/stop` (an OpenAI
 * client: `POST /v1/responses/<id>/cancel`), and the turn stops its model, finishes translating
 * what the model wrote, charges once and ends with a final event marked interrupted. That is not
 * the same as a client going away (its connection closed): then nobody is left to answer, and the
 * work stops at once.
 *
 * Only the client that started a turn may stop it (its API key, a web session's address budget, or
 * without keys its address), so a turn id seen in a log is no way to stop someone else's answer.
 * Behind a balancer the stop may reach another node than the one answering. With Redis
 * (REDIS_URL) every running turn is noted there (`sema:turn:{id}`: its owner, for an hour at the
 * most) and a stop for a turn another node runs is published on `sema:turn-stops`, which every node
 * hears and the one running the turn obeys. Without Redis, or while it is away, a turn is known to
 * its own node only: the stop then answers 404 elsewhere, and the client can still close its
 * connection.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A running turn, as its answer holds it. */
export interface RunningTurn {
  /** The turn's id, given to the client in the first event (and as OpenAI's response/completion id). */
  id: string;
  /** Aborts when the client asked to stop (never when it went away). */
  interrupted: AbortSignal;
  /** Forgets the turn: it ended. */
  end(): void;
}

/** The prefixes the OpenAI protocols put before a turn's id. */
const PROTOCOL_PREFIXES = /^(?:chatcmpl-|resp_)/;

const CHANNEL = 'sema:turn-stops';
const noted = (id: string) => `sema:turn:${id}`;
/** Longer than any turn runs: a note a crashed node left behind goes by itself. */
const NOTE_SECONDS = 3_600;

/** Where the nodes of one deployment tell each other of running turns and stops (Redis). */
interface TurnRelay {
  /** The shared connection, for notes and publishing. */
  redis: Redis;
  /** A connection of its own for listening (a subscribed connection can do nothing else). */
  listener: Redis;
  /** Told when Redis fails; the turn then counts on its own node only. */
  onError: (error: unknown) => void;
}

export class RunningTurns {
  private readonly turns = new Map<string, { owner: string; controller: AbortController }>();

  constructor(private readonly relay?: TurnRelay) {
    if (!relay) return;
    relay.listener.on('message', (channel: string, message: string) => {
      if (channel !== CHANNEL) return;
      try {
        const { id, owner } = JSON.parse(message) as { id: string; owner: string };
        this.stopHere(id, owner);
      } catch (error) {
        relay.onError(error);
      }
    });
    // Subscribed at every (re)connection: the connection queues no command while it is down. Its
    // failures are the shared connection's, which the log already tells of.
    relay.listener.on('ready', () => void relay.listener.subscribe(CHANNEL).catch(relay.onError));
    relay.listener.on('error', () => undefined);
  }

  /** Registers a turn for `owner` (who may stop it). */
  start(owner: string): RunningTurn {
    const id = randomUUID().replaceAll('-', '');
    const controller = new AbortController();
    this.turns.set(id, { owner, controller });
    this.relay?.redis.set(noted(id), owner, 'EX', NOTE_SECONDS).catch(this.relay.onError);
    return {
      id,
      interrupted: controller.signal,
      end: () => {
        this.turns.delete(id);
        this.relay?.redis.del(noted(id)).catch(this.relay.onError);
      },
    };
  }

  /**
   * Stops `owner`'s running turn `id` (as given, or with an OpenAI protocol's prefix), here or,
   * through Redis, on the node running it; false when no such turn of that owner is running.
   */
  async stop(id: string, owner: string): Promise<boolean> {
    const bare = id.replace(PROTOCOL_PREFIXES, '');
    if (this.stopHere(bare, owner)) return true;
    if (!this.relay) return false;
    try {
      if ((await this.relay.redis.get(noted(bare))) !== owner) return false;
      await this.relay.redis.publish(CHANNEL, JSON.stringify({ id: bare, owner }));
      return true;
    } catch (error) {
      this.relay.onError(error);
      return false;
    }
  }

  /** Stops the turn if this node runs it for that owner. */
  private stopHere(id: string, owner: string): boolean {
    const turn = this.turns.get(id);
    if (!turn || turn.owner !== owner) return false;
    turn.controller.abort(new DOMException('The client stopped the answer', 'AbortError'));
    return true;
  }

  /** Stops listening (the shared connection is the server's). */
  close(): void {
    this.relay?.listener.disconnect();
  }

  /** How many turns are running (for tests and /metrics). */
  get size(): number {
    return this.turns.size;
  }
}
