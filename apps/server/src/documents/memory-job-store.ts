import { isFinished, type JobStore, type StoredJob } from './job-store.ts';

/**
 * Jobs in this process (no REDIS_URL): polls and downloads must reach the node that took the upload
 * (sticky sessions), and its jobs end with it. Holds at most `maxJobs`; the oldest finished ones
 * make room.
 */
export class MemoryJobStore implements JobStore {
  readonly kind = 'memory';
  private readonly jobs = new Map<string, { job: StoredJob; expires: number }>();

  constructor(private readonly maxJobs = 64) {}

  async save(job: StoredJob, ttlMs: number): Promise<void> {
    this.jobs.delete(job.id); // re-inserted last: the map stays in order of last write
    this.jobs.set(job.id, { job: { ...job }, expires: Date.now() + ttlMs });
    this.makeRoom();
  }

  async load(id: string): Promise<StoredJob | undefined> {
    const entry = this.jobs.get(id);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.jobs.delete(id);
      return undefined;
    }
    return { ...entry.job };
  }

  async claimLost(before: number): Promise<StoredJob[]> {
    const lost: StoredJob[] = [];
    for (const { job } of this.jobs.values()) {
      if (!isFinished(job.state) && job.updatedAt < before) lost.push({ ...job });
    }
    // Taken once: a lost job is rewritten as failed by its claimer.
    for (const job of lost) this.jobs.delete(job.id);
    return lost;
  }

  private makeRoom(): void {
    const now = Date.now();
    for (const [id, { expires }] of this.jobs) if (expires < now) this.jobs.delete(id);
    for (const [id, { job }] of this.jobs) {
      if (this.jobs.size <= this.maxJobs) break;
      if (isFinished(job.state)) this.jobs.delete(id);
    }
  }
}
