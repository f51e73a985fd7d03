import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Router, type RequestHandler } from 'express';
import helmet from 'helmet';
import { openApiDocument } from '@campus/contracts/openapi';

/**
 * The API reference (docs/api.md): the OpenAPI 3.1 document generated from the contracts' route
 * table, and a page that reads it with Swagger UI (swagger-ui-dist, served from node_modules, so it
 * works offline). Anyone may read both, as the routes themselves say who may call them.
 */

export const OPENAPI_PATH = '/api/openapi.json';
export const REFERENCE_PATH = '/api/docs';

/** The files of swagger-ui-dist the page loads, by the name it loads them under. */
const SWAGGER_FILES: Readonly<Record<string, { file: string; type: string }>> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript' },
};

/** swagger-ui-dist's folder, as Node finds the package from here (sources and bundle alike). */
const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The page: Swagger UI's stylesheet and bundle, and the script that starts it on the document. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Campus volunteering API reference</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="stylesheet" href="docs/swagger-ui.css" />
  </head>
  <body>
    <main id="reference"><p>Loading the API reference…</p></main>
    <script src="docs/swagger-ui-bundle.js"></script>
    <script src="docs/start.js"></script>
  </body>
</html>
`;

/** Starts Swagger UI on the document beside the page (a file: the page allows no inline script). */
const START = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: 'openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    tryItOutEnabled: false,
  });
});
`;

/**
 * The page's own policy: scripts and styles from this origin only (Swagger UI sets inline styles),
 * requests to this origin only (the document, and "Try it out"), and no upgrade to https, which
 * the demo's plain-http gateway would not answer.
 */
const pageSecurity: RequestHandler = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
});

export const apiReferenceRouter = (): Router => {
  const router = Router();
  let document: string | null = null;
  router.get(OPENAPI_PATH, (_req, res) => {
    document ??= JSON.stringify(openApiDocument());
    res.type('application/json').set('cache-control', 'no-cache').send(document);
  });
  router.get(REFERENCE_PATH, pageSecurity, (req, res) => {
    // The page's links are relative to /api/docs: /api/docs/ would load them from /api/docs/docs/.
    if (req.path.endsWith('/')) {
      res.redirect(301, REFERENCE_PATH);
      return;
    }
    res.type('text/html').set('cache-control', 'no-cache').send(PAGE);
  });
  router.get(`${REFERENCE_PATH}/start.js`, (_req, res) => {
    res.type('text/javascript').set('cache-control', 'no-cache').send(START);
  });
  router.get(`${REFERENCE_PATH}/:file`, (req, res, next) => {
    const name = req.params.file;
    // Own names only: `constructor` and the like are no file of ours.
    const asset = Object.hasOwn(SWAGGER_FILES, name) ? SWAGGER_FILES[name] : undefined;
    if (!asset) {
      next();
      return;
    }
    res.type(asset.type).sendFile(join(swaggerDir, asset.file), { maxAge: '1h' });
  });
  return router;
};
