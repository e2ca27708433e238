/**
 * `npm run cluster`: the topology of deploy/compose.yaml on this machine without containers —
 * HAProxy in front of 3 API nodes, 2 inference nodes, Redis — until Ctrl-C.
 *   npm run cluster -- [--port 8080] [--api 3] [--inference 2] [--tiny]
 * The inference nodes load SEMA_NLLB_MODEL (the 600M model by default, downloaded on first start);
 * --tiny runs the test model instead (instant, nonsense translations).
 */
import { startCluster, TINY_MODEL } from './topology.ts';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

const model = process.argv.includes('--tiny')
  ? TINY_MODEL
  : (process.env.SEMA_NLLB_MODEL ?? 'Xenova/nllb-200-distilled-600M');
console.log(`Starting the cluster (model ${model}); the first start of a real model downloads it…`);
const cluster = await startCluster({
  apiNodes: option('api', 3),
  inferenceNodes: option('inference', 2),
  model,
  port: option('port', 8080),
});
console.log(`
Sema cluster on loopback
  front (HAProxy)  ${cluster.url}
  API nodes        ${cluster.api.map((node) => node.url).join('  ')}
  inference nodes  ${cluster.inference.map((node) => node.url).join('  ')}  (/v2/models/nllb)
  Redis            ${cluster.redisUrl}
Ctrl-C stops every process.`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  console.log('Stopping…');
  void cluster.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
