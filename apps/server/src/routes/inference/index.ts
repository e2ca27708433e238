/**
 * Inference mode: the Open Inference Protocol (KServe v2) over REST, as NVIDIA Triton answers it,
 * so that API nodes reach Sema's inference nodes and Triton with one client (the kserve engine).
 * Only the paths of that protocol under /v2, none of DeepL's (/v2/translate, /v2/languages …).
 * Errors are the protocol's `{error}`; readiness fails while the model loads and while draining.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { clientGoneSignal } from '../../lib/http/client-gone.ts';
import { ApiError } from '../../lib/errors.ts';
import { SEMA_VERSION } from '../../lib/version.ts';
import {
  InferenceError,
  InferRequest,
  InferResponse,
  InvalidTensor,
  ModelMetadata,
  OUTPUT_IDS,
  readSequence,
  TARGET_PREFIX,
  INPUT_IDS,
} from '../../inference/open-inference.ts';

const ModelParams = Type.Object({ name: Type.String() });

const inference: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.inference;
  if (!service) return;

  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
    let status = 500;
    let message = 'Internal server error';
    if (error instanceof InvalidTensor) [status, message] = [400, error.message];
    else if (error instanceof ApiError) {
      [status, message] = [error.statusCode, error.detail];
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    } else if (error.statusCode && error.statusCode < 500) {
      [status, message] = [
        error.statusCode,
        error.validation ? `invalid request: ${error.message}` : error.message,
      ];
    }
    // Logged once, by the access log: our errors with their reason, anything else with its stack.
    if (status >= 500 && status !== 503) {
      reply.failure =
        error instanceof ApiError
          ? { code: error.code, detail: error.detail }
          : { code: 'INTERNAL_ERROR', detail: 'inference request failed', err: error };
    }
    return reply.code(status).send({ error: message });
  });

  const probe = { config: { policy: 'probe' } } as const;
  // Server to server (API nodes): never limited per address; the network in front guards it.
  const config = { policy: 'inference' } as const;
  // Not in the OpenAPI document of /api/v1: this is another protocol, with its own error shape.
  const hidden = { hide: true, tags: ['inference'] };
  const notFound = (name: string) => new ApiError(404, 'NOT_FOUND', `Unknown model '${name}'`);
  const ready = () => service.ready && !app.stopping && !app.draining;
  /** Answers a readiness probe: 200 with `body`, or 503 with a reason for the log line. */
  const answerReadiness = (reply: FastifyReply, body: Record<string, unknown>) => {
    reply.header('Cache-Control', 'no-store');
    if (ready()) return reply.code(200).send({ ...body, ready: true });
    const stopping = app.stopping || app.draining;
    reply.failure = {
      code: stopping ? 'SHUTTING_DOWN' : 'NOT_READY',
      detail: stopping ? 'This server is shutting down' : 'The model is not ready',
    };
    return reply.code(503).send({ ...body, ready: false });
  };

  app.get('/v2', { config, schema: hidden }, async () => ({
    name: 'sema',
    version: SEMA_VERSION,
    extensions: [],
  }));

  app.get('/v2/health/live', { ...probe, schema: hidden }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { live: true };
  });

  // Triton answers 400 when not ready; 503 says the same to every balancer and orchestrator.
  app.get('/v2/health/ready', { ...probe, schema: hidden }, async (_request, reply) =>
    answerReadiness(reply, {}),
  );

  app.get(
    '/v2/models/:name',
    {
      config,
      schema: { ...hidden, params: ModelParams, response: { 200: ModelMetadata, 404: InferenceError } },
    },
    async (request) => {
      if (request.params.name !== service.modelName) throw notFound(request.params.name);
      return service.metadata();
    },
  );

  app.get(
    '/v2/models/:name/ready',
    { ...probe, schema: { ...hidden, params: ModelParams } },
    async (request, reply) => {
      if (request.params.name !== service.modelName) throw notFound(request.params.name);
      return answerReadiness(reply, { name: service.modelName });
    },
  );

  app.post(
    '/v2/models/:name/infer',
    {
      config,
      schema: { ...hidden, params: ModelParams, body: InferRequest, response: { 200: InferResponse } },
    },
    async (request, reply) => {
      if (request.params.name !== service.modelName) throw notFound(request.params.name);
      const body = request.body;
      const wanted = body.outputs?.map((output) => output.name) ?? [OUTPUT_IDS];
      const unknown = wanted.find((name) => name !== OUTPUT_IDS);
      if (unknown) throw new InvalidTensor(`unknown output '${unknown}': this model has only ${OUTPUT_IDS}`);
      const inputIds = readSequence(body, INPUT_IDS);
      const prefix = readSequence(body, TARGET_PREFIX);
      const batched = body.inputs.find((input) => input.name === INPUT_IDS)!.shape.length === 2;
      const output = await service.infer(inputIds, prefix, clientGoneSignal(reply));
      return {
        model_name: service.modelName,
        model_version: '1',
        ...(body.id === undefined ? {} : { id: body.id }),
        outputs: [
          {
            name: OUTPUT_IDS,
            datatype: 'INT32',
            shape: batched ? [1, output.length] : [output.length],
            data: output,
          },
        ],
      };
    },
  );
};

export default inference;
