import fp from 'fastify-plugin';
import { createDetector, type Detector } from '../../detection/detector.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Offline language detection over the catalogue. */
    detector: Detector;
  }
}

export default fp(
  async (app) => {
    const detector = createDetector();
    app.decorate('detector', detector);
    app.engineStatus.set('detection', () => detector.status());
  },
  { name: 'detector', dependencies: ['engine-status'] },
);
