/**
 * The Open Inference Protocol (KServe v2, the REST protocol of NVIDIA Triton, KServe and MLServer)
 * as far as NLLB needs it, for both sides: Sema's inference mode answers it, the `kserve` engine
 * speaks it. The model takes and returns token ids the way Triton's CTranslate2 backend does:
 * `INPUT_IDS` (INT32, one sequence per request: `[source language, …tokens, </s>]`),
 * `TARGET_PREFIX` (INT32, the target language token) and `OUTPUT_IDS` (INT32, the target language
 * token, then the generated tokens, without `</s>`).
 */
import { Type, type Static } from '@sinclair/typebox';

export const INPUT_IDS = 'INPUT_IDS';
export const TARGET_PREFIX = 'TARGET_PREFIX';
export const OUTPUT_IDS = 'OUTPUT_IDS';

/** Integer types a client may send ids in (the CTranslate2 backend takes INT32 or wider). */
const ID_TYPES = ['INT32', 'INT64', 'UINT32'];

/** Tensor data may be flat (row-major) or nested as its shape: both read as the flat values. */
function flatten(data: readonly unknown[]): unknown[] {
  return data.flatMap((value) => (Array.isArray(value) ? flatten(value) : [value]));
}

const TensorData = Type.Array(Type.Unknown());

export const InferInputTensor = Type.Object({
  name: Type.String(),
  shape: Type.Array(Type.Integer({ minimum: 0 })),
  datatype: Type.String(),
  parameters: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  data: TensorData,
});

export const InferRequest = Type.Object({
  id: Type.Optional(Type.String()),
  parameters: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  inputs: Type.Array(InferInputTensor, { minItems: 1 }),
  outputs: Type.Optional(
    Type.Array(
      Type.Object({
        name: Type.String(),
        parameters: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      }),
    ),
  ),
});
export type InferRequest = Static<typeof InferRequest>;

export const InferOutputTensor = Type.Object({
  name: Type.String(),
  shape: Type.Array(Type.Integer()),
  datatype: Type.String(),
  data: Type.Array(Type.Integer()),
});

export const InferResponse = Type.Object({
  model_name: Type.String(),
  model_version: Type.Optional(Type.String()),
  id: Type.Optional(Type.String()),
  outputs: Type.Array(InferOutputTensor),
});
export type InferResponse = Static<typeof InferResponse>;

const TensorMetadata = Type.Object({
  name: Type.String(),
  datatype: Type.String(),
  shape: Type.Array(Type.Integer()),
});

export const ModelMetadata = Type.Object({
  name: Type.String(),
  versions: Type.Optional(Type.Array(Type.String())),
  platform: Type.String(),
  inputs: Type.Array(TensorMetadata),
  outputs: Type.Array(TensorMetadata),
});
export type ModelMetadata = Static<typeof ModelMetadata>;

/** Every error of the protocol is `{error}` with a 4xx or 5xx status. */
export const InferenceError = Type.Object({ error: Type.String() });

/** The tensors of an NLLB model served as the CTranslate2 backend serves it. */
export function nllbModelMetadata(name: string, platform: string): ModelMetadata {
  const ids = (tensor: string) => ({ name: tensor, datatype: 'INT32', shape: [-1, -1] });
  return {
    name,
    versions: ['1'],
    platform,
    inputs: [ids(INPUT_IDS), ids(TARGET_PREFIX)],
    outputs: [ids(OUTPUT_IDS)],
  };
}

/** A request that breaks the protocol or the model's limits: answered 400 with this message. */
export class InvalidTensor extends Error {
  override name = 'InvalidTensor';
}

/**
 * The one sequence of integer ids in the tensor called `name`: shape `[n]`, or `[1, n]` with the
 * batch dimension (several sequences go in several requests, as the CTranslate2 backend wants, and
 * the server batches them).
 */
export function readSequence(request: InferRequest, name: string): number[] {
  const tensor = request.inputs.find((input) => input.name === name);
  if (!tensor) throw new InvalidTensor(`input '${name}' is missing`);
  if (!ID_TYPES.includes(tensor.datatype)) {
    throw new InvalidTensor(`input '${name}' must be INT32 (got ${tensor.datatype})`);
  }
  const { shape } = tensor;
  if (!(shape.length === 1 || (shape.length === 2 && shape[0] === 1))) {
    throw new InvalidTensor(
      `input '${name}' must hold one sequence, shape [n] or [1, n] (got [${shape.join(', ')}]); send one request per sequence`,
    );
  }
  const values = flatten(tensor.data);
  const length = shape[shape.length - 1]!;
  if (values.length !== length) {
    throw new InvalidTensor(`input '${name}' has ${values.length} values for shape [${shape.join(', ')}]`);
  }
  for (const value of values) {
    if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 2 ** 31 - 1) {
      throw new InvalidTensor(`input '${name}' holds ${JSON.stringify(value)}, not a token id`);
    }
  }
  return values as number[];
}

/** The request body for one sequence, as the `kserve` engine sends it. */
export function sequenceRequest(inputIds: readonly number[], targetPrefix: readonly number[]): InferRequest {
  const tensor = (name: string, ids: readonly number[]) => ({
    name,
    shape: [1, ids.length],
    datatype: 'INT32',
    data: [...ids],
  });
  return {
    inputs: [tensor(INPUT_IDS, inputIds), tensor(TARGET_PREFIX, targetPrefix)],
    outputs: [{ name: OUTPUT_IDS }],
  };
}

/** The generated ids of a response, or undefined when it holds no usable `OUTPUT_IDS`. */
export function outputSequence(response: unknown): number[] | undefined {
  const outputs = (response as { outputs?: unknown } | undefined)?.outputs;
  if (!Array.isArray(outputs)) return undefined;
  const tensor = (outputs as { name?: unknown; data?: unknown }[]).find(
    (output) => output?.name === OUTPUT_IDS,
  );
  if (!Array.isArray(tensor?.data)) return undefined;
  const values = flatten(tensor.data);
  return values.every((value) => Number.isInteger(value)) ? (values as number[]) : undefined;
}
