// The first-run area: the setup gate and wizard routes (the model download, the Matrix settings) until setup is done.
import { defineArea } from '../app-area.ts';
import type { MatrixSetup } from '../matrix/setup-matrix.ts';
import { type Onboarding, type SetupModels, setupOnboarding } from './setup-onboarding.ts';

/** Builds onboarding and mounts its routes. */
export const setupArea = defineArea<
  { dataDir: string; matrix: MatrixSetup; setupModels?: SetupModels },
  Onboarding
>({
  id: 'setup',
  activate(ctx) {
    const onboarding = setupOnboarding(ctx, ctx.setupModels);
    ctx.contribute.routes(onboarding.routes);
    return onboarding;
  },
});
