/**
 * The process: read the configuration, build the app, listen, and shut down gracefully (finish
 * in-flight requests, close the engines) on SIGTERM or SIGINT.
 */
import pino from 'pino';
import { buildApp } from './app.ts';
import { prettyStream } from './lib/log-format.ts';
import { ConfigError } from './config/fields.ts';
import { NewerSchemaError } from './lib/store-schema.ts';
import { configWarnings, loadConfig } from './config/read.ts';
import { useProxyFromEnvironment, withoutCredentials } from './lib/download-proxy.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(78);
    }
    throw error;
  }

  // Log lines are written asynchronously, so logging never blocks a request; every way out of the
  // process below flushes what is still buffered.
  // A person at a terminal reads lines; anything else (a file, a collector) gets JSON.
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY);
  const logDestination = pino.destination({ dest: 1, sync: false });
  const exit = (code: number): never => {
    logDestination.flushSync();
    process.exit(code);
  };
  // Before anything downloads: HTTPS_PROXY, HTTP_PROXY and NO_PROXY, for every fetch.
  const proxy = await useProxyFromEnvironment();
  const app = await buildApp(config, {
    forceCloseConnections: 'idle',
    logger: { level: config.logLevel, stream: pretty ? prettyStream(process.stdout) : logDestination },
  }).catch((error: unknown) => {
    // A store an older Sema cannot read: one sentence (which file, what to do), not a stack.
    if (!(error instanceof NewerSchemaError)) throw error;
    console.error(`Cannot start: ${error.message}`);
    return exit(78);
  });
  // A mistyped or misplaced variable would otherwise pass in silence.
  for (const warning of configWarnings()) app.log.warn(warning);
  if (proxy) {
    const through = withoutCredentials(proxy.httpsProxy ?? proxy.httpProxy!);
    app.log.info({ noProxy: proxy.noProxy }, `downloads go through the proxy ${through}`);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting now`);
      exit(1);
    }
    closing = true;
    // Readiness fails from this moment; requests are still served through the drain delay, so
    // that balancers see the node go unready and stop sending before anything is refused.
    app.stopping = true;
    const delayMs = config.drainDelaySeconds * 1000;
    if (delayMs > 0)
      app.log.info(`${signal} received: unready, serving for ${config.drainDelaySeconds} s more`);
    setTimeout(() => close(signal), delayMs);
  };
  const close = (signal: string) => {
    // New requests are refused from this moment, before the listener closes.
    app.draining = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    // A kept-alive connection whose last response ends during the drain would otherwise hold the
    // close until its keep-alive timeout: close such connections as soon as they are idle.
    const idle = setInterval(() => app.server.closeIdleConnections(), 250);
    idle.unref();
    // Answers still streaming shortly before the grace period ends are closed with an error event.
    const streams = setTimeout(
      () => app.endOpenStreams(),
      Math.max(0, config.shutdownGraceSeconds * 1000 - 2000),
    );
    streams.unref();
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      exit(1);
    }, config.shutdownGraceSeconds * 1000);
    timer.unref();
    app.close().then(
      () => exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Said in one sentence, with what to do: a stack trace tells a person nothing here.
    const why =
      code === 'EADDRINUSE'
        ? `Port ${config.port} is already in use on ${config.host}: stop what is using it, or start Sema on another port, e.g. PORT=${config.port + 1} npm start`
        : code === 'EACCES'
          ? `Port ${config.port} on ${config.host} needs more privileges than this process has: use a port above 1023, e.g. PORT=3000 npm start`
          : code === 'EADDRNOTAVAIL'
            ? `${config.host} is not an address of this machine: set HOST to one of its addresses, 127.0.0.1 or 0.0.0.0`
            : undefined;
    if (why) app.log.fatal(why);
    else app.log.fatal({ err: error }, `could not listen on ${config.host}:${config.port}`);
    // The engines have started (the model in its own process): stopped in order, so that none
    // of them dies noisily when this process goes.
    const giveUp = setTimeout(() => exit(1), 5000);
    giveUp.unref();
    await app.close().catch(() => undefined);
    exit(1);
  }
}

await main();
