// The error codes the concierge plugin raises, added to Quorra's catalogue so that `fail.*` accepts them.

export const conciergeErrors = {
  PMS_NOT_CONFIGURED: { status: 503, says: 'the PMS has no base URL or API key; nothing was sent' },
  PMS_SEND_FAILED: { status: 502, says: 'the PMS refused or could not be reached' },
  UNKNOWN_ACCOUNT: { status: 422, says: 'a PMS account mapped to no workspace' },
  WEBHOOK_NOT_CONFIGURED: { status: 503, says: 'the concierge webhook has no secret' },
  NO_GUESTS_HERE: {
    status: 409,
    says: 'an auto-send policy asked for a workspace that does not host guests',
  },
  WORKSPACE_NOT_HOSTING: {
    status: 422,
    says: 'a PMS account mapped to a workspace that does not host guests',
  },
} as const;

type ConciergeErrors = typeof conciergeErrors;

declare module 'quorra/plugin' {
  interface ErrorCatalogue extends ConciergeErrors {}
}
