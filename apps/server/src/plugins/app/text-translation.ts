import fp from 'fastify-plugin';
import { TextTranslationService } from '../../text-translation/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Text translation for every surface: limits, source detection, glossaries, markup, alternatives. */
    textTranslation: TextTranslationService;
  }
}

/** The text-translation service over the detector, the translation pipeline and the stored glossaries. */
export default fp(
  async (app) => {
    const { maxTextChars, translation } = app.config;
    app.decorate(
      'textTranslation',
      new TextTranslationService({
        limits: {
          maxTextChars,
          batchMaxTexts: translation.batchMaxTexts,
          batchMaxChars: translation.batchMaxChars,
        },
        detector: app.sourceDetector,
        translation: app.translation,
        glossaries: app.glossaries,
      }),
    );
  },
  { name: 'text-translation', dependencies: ['detector', 'translation', 'glossaries'] },
);
