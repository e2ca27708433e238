import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '@sema/shared/api/schemas';
import { GlossaryInfo } from '@sema/shared/api/glossaries';
import { Type } from '@sinclair/typebox';
import { SHARED_TENANT } from '../../../../lib/tenant.ts';
import { GlossaryParams, infoBody, notFound } from '../glossaries/index.ts';

const OwnedGlossary = Type.Composite([
  GlossaryInfo,
  Type.Object({
    owner: Type.String({
      description:
        "Whose it is: a key's id (as `sema keys list` shows it), `web-…` for a web-app address, `open` (made while keys were off, or before glossaries had owners) or `shared`",
    }),
  }),
]);
const errors = { 401: ErrorResponse, 404: ErrorResponse, 503: ErrorResponse };

/**
 * /api/v1/admin/glossaries: the operator's view of every tenant's glossaries (SEMA_ADMIN_TOKEN).
 * Sharing a glossary gives it to everyone to use (read-only to them); it is how an organisation
 * publishes its terminology, and how glossaries kept before they had owners are handed out.
 */
const adminGlossaries: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['operator'];
  const config = { policy: 'operator' } as const;
  const owned = (info: Parameters<typeof infoBody>[0]) => ({ ...infoBody(info), owner: info.owner });

  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Every glossary on the server, with its owner (operator)',
        response: { 200: Type.Object({ glossaries: Type.Array(OwnedGlossary) }), ...errors },
      },
    },
    async () => ({ glossaries: (await app.glossaries.listAll()).map(owned) }),
  );

  app.post(
    '/:id/share',
    {
      config,
      schema: {
        tags,
        summary:
          'Share a glossary with everyone: every key may use it, only the operator changes it (operator)',
        params: GlossaryParams,
        response: { 200: OwnedGlossary, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const shared = (await app.glossaries.setOwner(id, SHARED_TENANT)) && (await app.glossaries.anyones(id));
      if (!shared) throw notFound(id);
      return owned(shared);
    },
  );

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: "Delete any tenant's glossary (operator)",
        params: GlossaryParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await app.glossaries.deleteAnyones(request.params.id))) throw notFound(request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default adminGlossaries;
