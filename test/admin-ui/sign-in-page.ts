// Test support: a fresh browser page signed in through a one-time link, as `quorra admin-link` makes (POST /auth/link behind the scenes).
import type { Browser, Page } from 'playwright-core';
import type { BootedApp } from '../support/boot-app.ts';

/** A new context and page, signed in as the user, waiting until the UI says who is signed in. */
export async function signedInPage(
  browser: Browser,
  app: BootedApp,
  userId: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  page.setDefaultTimeout(10_000);
  const link = await app.quorra.conversation.signInGrants.issueLink(userId);
  await page.goto(`${app.url}/admin/#/link/${link}`);
  await page.getByTestId('signed-in-as').waitFor();
  return page;
}
