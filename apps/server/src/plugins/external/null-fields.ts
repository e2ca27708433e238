import fp from 'fastify-plugin';
import { dropNullOptionals } from '../../lib/http/null-as-absent.ts';

/**
 * Every route with a body schema reads `null` in an optional field as the field not given
 * (`lib/http/null-as-absent.ts` says why). Registered before the API-key check and validation.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', (request, _reply, done) => {
      const schema = request.routeOptions.schema?.body as Parameters<typeof dropNullOptionals>[1];
      if (schema && request.body && typeof request.body === 'object') dropNullOptionals(request.body, schema);
      done();
    });
  },
  { name: 'null-fields' },
);
