// The auth area: sign-in by a code sent over Matrix or a one-time link, the browser session, signing out.
import { defineArea } from '../app-area.ts';
import type { MatrixSetup } from '../matrix/setup-matrix.ts';
import { authTables } from './entities.ts';
import { publicUrlOf } from './sign-in-link.ts';
import { signInRoutes } from './sign-in-routes.ts';

/** Mounts /auth/*; `serverUrl` is where the app listens once it does (the public URL falls back to it). */
export const authArea = defineArea<{ matrix: MatrixSetup; serverUrl: () => string | undefined }>({
  id: 'auth',
  tables: authTables,
  activate({ config, logger, conversation, contribute, matrix, serverUrl }) {
    contribute.routes(
      signInRoutes({
        conversation,
        logger,
        outbox: matrix.outbox,
        publicUrl: () => publicUrlOf(config, serverUrl()),
        developerMode: () => config.developerMode,
        matrixReady: () => matrix.runtime !== undefined,
      }),
    );
  },
});
