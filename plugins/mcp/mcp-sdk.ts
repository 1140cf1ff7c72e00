// The MCP client SDK, loaded with the first connection or sign-in instead of at start: a household with no outside
// service configured never pays for it (about 0.8 MB of code and its JSON-schema validators).

type Sdk = {
  auth: typeof import('@modelcontextprotocol/sdk/client/auth.js');
  client: typeof import('@modelcontextprotocol/sdk/client/index.js');
  stdio: typeof import('@modelcontextprotocol/sdk/client/stdio.js');
  http: typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js');
};

let loading: Promise<Sdk> | undefined;
let loaded: Sdk | undefined;

/** The SDK's client modules, imported once. */
export function mcpSdk(): Promise<Sdk> {
  loading ??= Promise.all([
    import('@modelcontextprotocol/sdk/client/auth.js'),
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]).then(([auth, client, stdio, http]) => {
    loaded = { auth, client, stdio, http };
    return loaded;
  });
  return loading;
}

/** The SDK when something has loaded it already (an error from a connection can only come after that). */
export function loadedMcpSdk(): Sdk | undefined {
  return loaded;
}
