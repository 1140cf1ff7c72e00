// Turns callbacks (node-llama-cpp's onTextChunk) into an async iterable a caller can `for await`.

/** A one-producer, one-consumer queue that ends with the producer's promise. */
export async function* pushStream<T>(produce: (push: (item: T) => void) => Promise<void>): AsyncGenerator<T> {
  const items: T[] = [];
  let wake: (() => void) | undefined;
  let done = false;
  let failure: { err: unknown } | undefined;
  const push = (item: T) => {
    items.push(item);
    wake?.();
  };
  produce(push).then(
    () => {
      done = true;
      wake?.();
    },
    (err) => {
      failure = { err };
      done = true;
      wake?.();
    },
  );
  while (true) {
    while (items.length) yield items.shift() as T;
    if (done) break;
    await new Promise<void>((r) => {
      wake = r;
    });
    wake = undefined;
  }
  if (failure) throw failure.err;
}
