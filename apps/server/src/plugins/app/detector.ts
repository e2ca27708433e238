import fp from 'fastify-plugin';
import { createDetector, type Detector } from '../../detection/detector.ts';
import { sourceDetector } from '../../detection/readable-source.ts';
import { readableCodes } from '../../translation/served-languages.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Offline language detection over the catalogue. */
    detector: Detector;
    /** The detector as text, document and chat work resolve an `auto` source with: leaning to what this server reads. */
    sourceDetector: Pick<Detector, 'detect' | 'undetected'>;
  }
}

export default fp(
  async (app) => {
    const detector = createDetector();
    app.decorate('detector', detector);
    app.decorate(
      'sourceDetector',
      sourceDetector(detector, () => readableCodes(app.translation.servedLanguages())),
    );
    app.engineStatus.set('detection', () => detector.status());
  },
  { name: 'detector', dependencies: ['engine-status', 'translation'] },
);
