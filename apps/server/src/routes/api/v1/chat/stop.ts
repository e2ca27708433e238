import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorResponse } from '@sema/shared/api/schemas';
import { turnOwner } from '../../../../chat/chat-reply.ts';
import { ApiError } from '../../../../lib/errors.ts';

/**
 * POST /api/v1/chat/turns/{id}/stop: the client asks to stop a streamed answer (its Stop button).
 * Unlike closing the connection, the answer then ends properly: the model stops, what it wrote is
 * translated to the end, charged once, and the stream's last event is `done` with `interrupted`.
 */
const stopTurn: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/turns/:id/stop',
    {
      config: { policy: 'work' },
      schema: {
        tags: ['chat'],
        summary: 'Stop a streamed chat answer',
        description:
          'Stops the model of the running turn `id` (the `turn_id` of its `language` event; an OpenAI completion or response id works too). ' +
          "The turn's stream then ends with what the model wrote, translated, in a `done` event marked `interrupted`. " +
          'Only the client that started the turn (its API key, else its address) can stop it; 404 when no such turn is running (on this server, or with Redis on any server of the deployment).',
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: { 200: Type.Object({ stopped: Type.Literal(true) }), 404: ErrorResponse },
      },
    },
    async (request) => {
      if (!(await app.chatTurns.stop(request.params.id, turnOwner(request)))) {
        throw new ApiError(
          404,
          'TURN_NOT_FOUND',
          'No answer with this id is running here (it may have ended)',
        );
      }
      return { stopped: true as const };
    },
  );
};

export default stopTurn;
