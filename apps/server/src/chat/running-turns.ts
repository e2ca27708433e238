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
 * A turn is known to the process that runs it only: behind a balancer, the stop must reach that
 * node (sticky sessions), else it answers 404 and the client can still close its connection.
 */
import { randomUUID } from 'node:crypto';

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

export class RunningTurns {
  private readonly turns = new Map<string, { owner: string; controller: AbortController }>();

  /** Registers a turn for `owner` (who may stop it). */
  start(owner: string): RunningTurn {
    const id = randomUUID().replaceAll('-', '');
    const controller = new AbortController();
    this.turns.set(id, { owner, controller });
    return { id, interrupted: controller.signal, end: () => this.turns.delete(id) };
  }

  /**
   * Stops `owner`'s running turn `id` (as given, or with an OpenAI protocol's prefix); false when
   * there is no such turn running for that owner here.
   */
  stop(id: string, owner: string): boolean {
    const turn = this.turns.get(id.replace(PROTOCOL_PREFIXES, ''));
    if (!turn || turn.owner !== owner) return false;
    turn.controller.abort(new DOMException('The client stopped the answer', 'AbortError'));
    return true;
  }

  /** How many turns are running (for tests and /metrics). */
  get size(): number {
    return this.turns.size;
  }
}
