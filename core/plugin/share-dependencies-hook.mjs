// Node resolve hook (runs on the loader thread): retries a failed bare import from outside Quorra as if from Quorra's root.
let root = '';
/** Specifier → URL of the copy Quorra's compiled build bundled (empty under tsx). */
let shared = {};

export function initialize(data) {
  root = data.root;
  shared = data.shared ?? {};
}

const bare = (s) => !/^(\.|\/|[a-z]+:)/i.test(s);

export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (err) {
    if (
      err?.code !== 'ERR_MODULE_NOT_FOUND' ||
      !bare(specifier) ||
      !context.parentURL ||
      context.parentURL.startsWith(root)
    )
      throw err;
    if (Object.hasOwn(shared, specifier)) return { url: shared[specifier], shortCircuit: true };
    return next(specifier, { ...context, parentURL: `${root}package.json` });
  }
}
