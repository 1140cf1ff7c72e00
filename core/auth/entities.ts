// The people of the house and how they sign in. Users and API tokens were first made by the conversation's
// migration (engine/), from before auth was an area; the later changes are auth's own.
import { CreateAdminSignIn1764570000000 } from '../../migrations/auth/1764570000000-create-admin-sign-in.ts';
import { AddChildAndQuietHours1765438000000 } from '../../migrations/auth/1765438000000-add-child-and-quiet-hours.ts';
import { defineTables } from '../contracts/area-tables.ts';
import { ApiToken } from './api-token.entity.ts';
import { BrowserSession } from './browser-session.entity.ts';
import { SignInGrant } from './sign-in-grant.entity.ts';
import { User } from './user.entity.ts';

export const authTables = defineTables({
  area: 'auth',
  entities: [User, ApiToken, SignInGrant, BrowserSession],
  migrations: [CreateAdminSignIn1764570000000, AddChildAndQuietHours1765438000000],
});
