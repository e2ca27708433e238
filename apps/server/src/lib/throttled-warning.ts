/**
 * A warning that repeats while something stays broken (Redis down: every request, every reconnect
 * attempt) is logged at most once per interval, with how many were held back since the last one.
 */
export interface WarnLog {
  warn(details: object, message: string): void;
}

export function throttledWarning(
  log: WarnLog,
  intervalMs = 30_000,
): (details: object, message: string) => void {
  let lastAt = Number.NEGATIVE_INFINITY;
  let heldBack = 0;
  return (details, message) => {
    const now = Date.now();
    if (now - lastAt < intervalMs) {
      heldBack++;
      return;
    }
    log.warn(heldBack > 0 ? { ...details, similarWarningsHeldBack: heldBack } : details, message);
    lastAt = now;
    heldBack = 0;
  };
}
