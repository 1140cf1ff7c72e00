// Test support: an element's text including every shadow root beneath it (innerText stops at a component's edge).
import type { Locator } from 'playwright-core';

/** All text under the element, shadow roots included. */
export function deepText(locator: Locator): Promise<string> {
  // no named inner functions: the test runner's transpiler would wrap them in a helper the page does not have
  return locator.evaluate((root) => {
    const out: string[] = [];
    const stack: Node[] = [root];
    while (stack.length) {
      const n = stack.pop() as Node;
      if (n.nodeType === Node.TEXT_NODE) out.push(n.textContent ?? '');
      // pushed in reverse so they pop in document order, the shadow root's first
      stack.push(...[...n.childNodes].reverse());
      const shadow = (n as Element).shadowRoot;
      if (shadow) stack.push(...[...shadow.childNodes].reverse());
    }
    return out.join('');
  });
}
