// Node resolve hook (runs on the loader thread): retries a failed bare import from outside Quorra as if from Quorra's root.
let root = '';

export function initialize(data) {
  root = data.root;
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
    return next(specifier, { ...context, parentURL: `${root}package.json` });
  }
}
