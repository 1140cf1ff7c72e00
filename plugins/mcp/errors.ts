// The error codes the mcp plugin raises, added to Quorra's catalogue so that `fail.*` accepts them.

export const mcpErrors = {
  MCP_NO_SIGN_IN: {
    status: 422,
    says: 'this outside service is not one to sign in to (a token or a command)',
  },
  MCP_SIGN_IN_FAILED: { status: 502, says: 'the outside service did not complete the sign-in' },
} as const;

type McpErrors = typeof mcpErrors;

declare module 'quorra/plugin' {
  interface ErrorCatalogue extends McpErrors {}
}
