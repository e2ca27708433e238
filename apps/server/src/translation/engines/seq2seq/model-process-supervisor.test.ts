import { describe, expect, it } from 'vitest';
import { modelProcessEnv } from './model-process-supervisor.ts';

describe("the model process's environment", () => {
  it("tells glibc to keep large blocks on its heap, and passes the server's environment on", () => {
    const env = modelProcessEnv({ SEMA_TRANSLATION_BEAMS: '4' });
    expect(env.SEMA_TRANSLATION_BEAMS).toBe('4');
    expect(Number(env.MALLOC_MMAP_THRESHOLD_)).toBeGreaterThanOrEqual(2 ** 30);
    expect(Number(env.MALLOC_TRIM_THRESHOLD_)).toBeGreaterThan(Number(env.MALLOC_MMAP_THRESHOLD_));
  });

  it("leaves the allocator's settings to an operator who set them", () => {
    const env = modelProcessEnv({ MALLOC_MMAP_THRESHOLD_: '1048576' });
    expect(env.MALLOC_MMAP_THRESHOLD_).toBe('1048576');
  });
});
