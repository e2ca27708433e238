// The baseline: a bare node:http server that answers fixed bytes, with no framework, validation or logging.
import http from 'node:http';

const languages = Buffer.from(process.env.BARE_LANGUAGES ?? '{}');
const detect = Buffer.from(process.env.BARE_DETECT ?? '{}');

http
  .createServer((request, response) => {
    if (request.method === 'POST') {
      request.resume();
      request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(detect));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(languages);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
