// End-to-end encryption endpoints: /keys/upload, /keys/query, /keys/claim, cross-signing, signatures, /sendToDevice.
import { matrixErrors } from './errors.ts';
import { type Route, route } from './router.ts';
import { objectBody } from './routes-account.ts';

/** The key and to-device routes. */
export const keyRoutes: Route[] = [
  route('POST', '/keys/upload', (ctx) => ({
    one_time_key_counts: ctx.hs.keys.upload(ctx.session.userId, ctx.session.deviceId, objectBody(ctx)),
  })),
  route('POST', '/keys/query', (ctx) => {
    const body = objectBody(ctx);
    if (!body.device_keys || typeof body.device_keys !== 'object')
      throw matrixErrors.missingParam('Missing device_keys');
    return ctx.hs.keys.query(ctx.session.userId, body.device_keys);
  }),
  route('POST', '/keys/claim', (ctx) => {
    const body = objectBody(ctx);
    if (!body.one_time_keys || typeof body.one_time_keys !== 'object')
      throw matrixErrors.missingParam('Missing one_time_keys');
    return ctx.hs.keys.claim(body.one_time_keys);
  }),
  route('POST', '/keys/device_signing/upload', (ctx) => {
    ctx.hs.keys.uploadCrossSigning(ctx.session.userId, objectBody(ctx));
    return {};
  }),
  route('POST', '/keys/signatures/upload', (ctx) => {
    ctx.hs.keys.uploadSignatures(objectBody(ctx));
    return { failures: {} };
  }),
  route('PUT', '/sendToDevice/:type/:txnId', (ctx) => {
    const body = objectBody(ctx);
    if (!body.messages || typeof body.messages !== 'object')
      throw matrixErrors.missingParam('Missing messages');
    ctx.hs.keys.sendToDevice(ctx.session.userId, ctx.params.type, body.messages);
    return {};
  }),
  route('GET', '/room_keys/version', () => {
    throw matrixErrors.notFound('No current backup version');
  }),
];
