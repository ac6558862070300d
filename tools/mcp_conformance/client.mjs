// Watchtower's /mcp as a client in another language sees it: the official TypeScript SDK
// (@modelcontextprotocol/sdk) over Streamable HTTP, signed in through its own OAuth flow (RFC 9728
// discovery, dynamic registration, PKCE, our consent page answered programmatically, refresh),
// with a REST client token, and anonymously. Every tool is called with valid and invalid
// arguments; the SDK itself checks each result's structuredContent against the tool's
// outputSchema (a mismatch throws). A few raw HTTP probes cover what no SDK sends (batches,
// unknown protocol versions, GET/DELETE, cursors).
//
// Usage: node client.mjs <base URL, e.g. http://127.0.0.1:8731>; WT_BOARD_URL and WT_CAREERS_URL
// name boards the app can read (run.py serves them on 127.0.0.1 through FETCH_HOST_OVERRIDES), so
// results carry real jobs, and a GET of WT_GROW_URL adds jobs to the board (real changes). Prints one line per check and exits 1 if any failed.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { McpError, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

const BASE = (process.argv[2] || 'http://127.0.0.1:8731').replace(/\/$/, '');
const BOARD_URL = process.env.WT_BOARD_URL || '';
const CAREERS_URL = process.env.WT_CAREERS_URL || '';
const GROW_URL = process.env.WT_GROW_URL || '';
const MCP = `${BASE}/mcp`;
const REDIRECT = 'http://127.0.0.1:8765/callback';
const TOOLS = [
  'ack_changes',
  'delete_watch',
  'get_changes',
  'get_watch',
  'list_companies',
  'list_watches',
  'search_jobs',
  'watch_jobs'
];

let failures = 0;
let passes = 0;

function check(name, ok, detail = '') {
  if (ok) {
    passes += 1;
    console.log(`PASS ${name}`);
  } else {
    failures += 1;
    console.log(`FAIL ${name}${detail ? `: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}` : ''}`);
  }
}

async function connect(url, options = {}) {
  const client = new Client({ name: 'watchtower-ts-conformance', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), options);
  await client.connect(transport);
  return { client, transport };
}

function errorBody(result) {
  try {
    return JSON.parse(result.content[0].text);
  } catch {
    return {};
  }
}

function sameJson(a, b) {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map(key => [key, sortKeys(value[key])])
    );
  }
  return value;
}

// A successful call: the SDK has validated structuredContent against the outputSchema (it throws
// otherwise); the text block must carry the same JSON.
async function callOk(client, label, name, args) {
  try {
    const result = await client.callTool({ name, arguments: args });
    const fine = !result.isError && result.structuredContent !== undefined;
    check(`${label}: ${name} succeeds with schema-valid structuredContent`, fine, fine ? '' : result.content?.[0]?.text);
    if (fine) {
      check(`${label}: ${name} text equals structuredContent`, sameJson(JSON.parse(result.content[0].text), result.structuredContent));
    }
    return result.structuredContent;
  } catch (error) {
    check(`${label}: ${name} succeeds with schema-valid structuredContent`, false, `${error.code ?? ''} ${error.message}`);
    return undefined;
  }
}

// A tool error: isError, the text is {"error": CODE, "message"}, and no structuredContent that
// could fail the outputSchema.
async function callToolError(client, label, name, args, code) {
  try {
    const result = await client.callTool({ name, arguments: args });
    const body = errorBody(result);
    check(
      `${label}: ${name}(${JSON.stringify(args)}) is a tool error ${code}`,
      result.isError === true && body.error === code && typeof body.message === 'string',
      result.content?.[0]?.text
    );
    return result;
  } catch (error) {
    check(`${label}: ${name}(${JSON.stringify(args)}) is a tool error ${code}`, false, `threw ${error.code} ${error.message}`);
    return undefined;
  }
}

async function expectMcpError(label, promise, code) {
  try {
    await promise;
    check(label, false, 'no error');
  } catch (error) {
    check(label, error instanceof McpError && error.code === code, `${error.code} ${error.message}`);
  }
}

async function anonymous() {
  const { client, transport } = await connect(MCP);
  const info = client.getServerVersion();
  check('initialize: serverInfo names watchtower', info?.name === 'watchtower', info);
  const caps = client.getServerCapabilities();
  check('initialize: declares tools only', !!caps?.tools && !caps.prompts && !caps.resources, caps);
  check('initialize: instructions', (client.getInstructions() || '').includes('get_changes'));
  check('initialize: stateless, no session id', transport.sessionId === undefined, transport.sessionId);
  check(`initialize: negotiated ${LATEST_PROTOCOL_VERSION}`, transport.protocolVersion === LATEST_PROTOCOL_VERSION, transport.protocolVersion);
  await client.ping();
  check('ping', true);

  const listed = await client.listTools();
  const names = listed.tools.map(tool => tool.name).sort();
  check('tools/list: the eight tools', JSON.stringify(names) === JSON.stringify(TOOLS), names);
  check('tools/list: no nextCursor', listed.nextCursor === undefined, listed.nextCursor);
  for (const tool of listed.tools) {
    check(
      `tools/list: ${tool.name} has object input and output schemas`,
      tool.inputSchema?.type === 'object' && tool.outputSchema?.type === 'object'
    );
  }

  const found = await callOk(client, 'anonymous', 'search_jobs', { query: 'engineer jobs', limit: 5 });
  if (BOARD_URL) check('anonymous: search_jobs finds the local board\'s jobs', (found?.total ?? 0) > 0, found?.total);
  await callOk(client, 'anonymous', 'search_jobs', {
    keywords: ['ios'],
    locations: ['remote'],
    min_salary: 100000,
    salary_currency: 'USD',
    max_experience_years: 8,
    seniority: ['senior'],
    include_unknown: true
  });
  await callToolError(client, 'anonymous', 'search_jobs', { limit: 0 }, 'VALIDATION_ERROR');
  await callToolError(client, 'anonymous', 'search_jobs', { limit: 'ten' }, 'VALIDATION_ERROR');
  await callToolError(client, 'anonymous', 'search_jobs', { seniority: ['wizard'] }, 'VALIDATION_ERROR');
  await callToolError(client, 'anonymous', 'search_jobs', { salary_currency: 'dollars' }, 'VALIDATION_ERROR');
  await callToolError(client, 'anonymous', 'search_jobs', { keyword: ['ios'] }, 'VALIDATION_ERROR');
  await callOk(client, 'anonymous', 'list_companies', { limit: 3 });
  await callOk(client, 'anonymous', 'list_companies', { query: 'acme', tech_companies_only: true });
  await callToolError(client, 'anonymous', 'list_companies', { limit: 5000 }, 'VALIDATION_ERROR');
  await callToolError(client, 'anonymous', 'list_companies', { offset: -1 }, 'VALIDATION_ERROR');

  for (const name of ['get_changes', 'list_watches']) {
    const result = await callToolError(client, 'anonymous', name, {}, 'UNAUTHORIZED');
    const challenge = result?._meta?.['mcp/www_authenticate']?.[0] || '';
    check(`anonymous: ${name} UNAUTHORIZED carries the OAuth challenge`, challenge.includes('resource_metadata='), result?._meta);
  }
  const provisioned = await callOk(client, 'anonymous', 'watch_jobs', { query: 'senior ios jobs in austin' });
  const token = provisioned?.client_token;
  check('anonymous: watch_jobs provisions a client token', typeof token === 'string' && token.startsWith('wt_'), provisioned);
  await callToolError(client, 'anonymous', 'watch_jobs', { min_salary: -5 }, 'VALIDATION_ERROR');
  await callToolError(client, 'anonymous', 'watch_jobs', { urls: [] }, 'VALIDATION_ERROR');
  await callToolError(client, 'anonymous', 'watch_jobs', { url: 'https://a.example/jobs', urls: ['https://b.example/jobs'] }, 'VALIDATION_ERROR');
  if (token) {
    await callOk(client, 'client_token argument', 'list_watches', { client_token: token });
    await callOk(client, 'client_token argument', 'get_changes', { client_token: token, peek: true });
    await callToolError(client, 'client_token argument', 'list_watches', { client_token: 'wt_not_a_real_token' }, 'UNAUTHORIZED');
  }

  await expectMcpError('unknown tool is JSON-RPC -32602', client.callTool({ name: 'no_such_tool', arguments: {} }), -32602);
  await expectMcpError('resources/list is -32601 (not served)', client.listResources(), -32601);
  await expectMcpError('prompts/list is -32601 (not served)', client.listPrompts(), -32601);
  await expectMcpError('logging/setLevel is -32601 (not advertised)', client.setLoggingLevel('info'), -32601);
  await expectMcpError(
    'completion/complete is -32601 (not advertised)',
    client.complete({ ref: { type: 'ref/prompt', name: 'x' }, argument: { name: 'a', value: 'b' } }),
    -32601
  );
  await expectMcpError('tools/list with a cursor it never gave is -32602', client.listTools({ cursor: 'bogus' }), -32602);
  await client.close();
}

// Every tool, signed in: the full watch life cycle, and each tool's invalid arguments.
async function signedIn(label, client, restToken = '') {
  const listed = await client.listTools(); // caches the outputSchema validators
  check(`${label}: tools/list`, listed.tools.length === TOOLS.length);
  const created = await callOk(client, label, 'watch_jobs', {
    query: 'remote iOS jobs paying at least 150k',
    label: 'conformance'
  });
  const watchId = created?.watch?.id;
  check(`${label}: watch_jobs returns a watch id`, typeof watchId === 'string', created);
  let boardWatchId;
  if (BOARD_URL) {
    const board = await callOk(client, label, 'watch_jobs', { url: BOARD_URL, keywords: ['engineer'] });
    boardWatchId = board?.watch?.id;
    check(`${label}: board watch reads the local board`, (board?.watch?.current_jobs?.length ?? 0) > 0, board?.watch?.initial_check);
    const many = await callOk(client, label, 'watch_jobs', { urls: [BOARD_URL, CAREERS_URL || BOARD_URL, 'not a url'] });
    check(`${label}: watch_jobs(urls) answers watches and per-URL errors`, many?.watches?.length >= 1 && many?.errors?.length === 1, many);
    const watched = await callOk(client, label, 'get_watch', { watch_id: board?.watch?.id });
    check(`${label}: get_watch lists the board's matching jobs`, (watched?.current_jobs?.length ?? 0) > 0, watched);
  }
  if (GROW_URL && restToken && boardWatchId) {
    // run.py's board lists more jobs after /grow: a check now gives the watches above JOB_ADDED
    // changes, so real changes go through the outputSchema check.
    await fetch(GROW_URL);
    const checked = await fetch(`${BASE}/v1/watches/${boardWatchId}/check`, {
      method: 'POST',
      headers: { authorization: `Bearer ${restToken}` }
    });
    check(`${label}: REST check of the board`, checked.status === 200, checked.status);
  }
  await callOk(client, label, 'list_watches', {});
  if (watchId) await callOk(client, label, 'get_watch', { watch_id: watchId });
  const peeked = await callOk(client, label, 'get_changes', { peek: true, limit: 10 });
  if (GROW_URL && restToken) {
    check(`${label}: get_changes returns the board's new jobs`, (peeked?.changes?.length ?? 0) > 0, peeked);
  }
  if (peeked) await callOk(client, label, 'ack_changes', { cursor: peeked.cursor });
  await callOk(client, label, 'get_changes', {});
  if (watchId) await callOk(client, label, 'get_changes', { watch_id: watchId, since: 0 });
  await callOk(client, label, 'search_jobs', { query: 'engineer', limit: 2 });
  await callOk(client, label, 'list_companies', { limit: 2 });

  await callToolError(client, label, 'get_watch', { watch_id: 'w_does_not_exist' }, 'NOT_FOUND');
  await callToolError(client, label, 'get_watch', {}, 'VALIDATION_ERROR');
  await callToolError(client, label, 'delete_watch', { watch_id: 'w_does_not_exist' }, 'NOT_FOUND');
  await callToolError(client, label, 'delete_watch', { watch_id: 7 }, 'VALIDATION_ERROR');
  await callToolError(client, label, 'ack_changes', {}, 'VALIDATION_ERROR');
  await callToolError(client, label, 'ack_changes', { cursor: -1 }, 'VALIDATION_ERROR');
  await callToolError(client, label, 'get_changes', { limit: 1000 }, 'VALIDATION_ERROR');
  await callToolError(client, label, 'list_watches', { client_token: 42 }, 'VALIDATION_ERROR');
  await callToolError(client, label, 'watch_jobs', { interval_minutes: 1 }, 'VALIDATION_ERROR');
  if (watchId) {
    const deleted = await callOk(client, label, 'delete_watch', { watch_id: watchId });
    check(`${label}: delete_watch deletes`, deleted?.deleted === true, deleted);
    await callToolError(client, label, 'get_watch', { watch_id: watchId }, 'NOT_FOUND');
  }
}

async function withRestToken() {
  const response = await fetch(`${BASE}/v1/clients`, { method: 'POST' });
  check('REST: POST /v1/clients creates a client', response.status === 201, response.status);
  const { token } = await response.json();
  const { client } = await connect(MCP, { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  await signedIn('REST token', client, token);
  await client.close();
}

// The SDK's OAuthClientProvider, kept in memory; "opening the browser" records the URL.
class MemoryProvider {
  constructor() {
    this.info = undefined;
    this.saved = undefined;
    this.verifier = undefined;
    this.authorizationUrl = undefined;
    this.discovery = undefined;
  }
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata() {
    return {
      client_name: 'Watchtower TS conformance',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none'
    };
  }
  state() {
    return 'conformance-state';
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

// What the person does in the browser: open the consent page, press Connect, and come back to
// the redirect URI. Returns the redirect's query parameters.
async function consent(authorizationUrl) {
  const page = await fetch(authorizationUrl, { redirect: 'manual' });
  check('OAuth: the consent page answers 200', page.status === 200, page.status);
  const html = await page.text();
  const csrf = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(html)?.[1];
  const cookie = (page.headers.getSetCookie?.() || []).map(value => value.split(';')[0]).join('; ');
  check('OAuth: the consent page carries a CSRF token', !!csrf && cookie.includes('csrftoken'));
  const form = new URLSearchParams({ csrfmiddlewaretoken: csrf || '', action: 'new', token: '' });
  const answer = await fetch(authorizationUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, referer: authorizationUrl, origin: BASE },
    body: form
  });
  const location = answer.headers.get('location') || '';
  check('OAuth: Connect redirects to the app', answer.status === 303 && location.startsWith(REDIRECT), `${answer.status} ${location}`);
  return new URL(location, BASE).searchParams;
}

async function withOAuth() {
  // Metadata as the SDK and the spec expect it (RFC 9728, RFC 8414).
  const prm = await (await fetch(`${BASE}/.well-known/oauth-protected-resource/mcp`)).json();
  check('OAuth: protected-resource metadata names /mcp as resource', prm.resource === MCP, prm);
  check('OAuth: protected-resource metadata names the authorization server', (prm.authorization_servers || []).length > 0, prm);
  const asm = await (await fetch(`${BASE}/.well-known/oauth-authorization-server`)).json();
  check('OAuth: authorization-server metadata offers S256', (asm.code_challenge_methods_supported || []).includes('S256'), asm);
  check('OAuth: authorization-server metadata has a registration endpoint', !!asm.registration_endpoint, asm);

  // A bad token gets 401 with the challenge before anything else.
  const bad = await fetch(MCP, {
    method: 'POST',
    headers: { authorization: 'Bearer nope', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })
  });
  const challenge = bad.headers.get('www-authenticate') || '';
  check(
    'OAuth: a bad token gets 401 with resource_metadata and invalid_token',
    bad.status === 401 && challenge.includes('resource_metadata=') && challenge.includes('error="invalid_token"'),
    `${bad.status} ${challenge}`
  );

  // The SDK's own flow, started by the 401 of ?auth=required.
  const provider = new MemoryProvider();
  const url = `${MCP}?auth=required`;
  const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  const client0 = new Client({ name: 'watchtower-ts-conformance', version: '1.0.0' });
  try {
    await client0.connect(first);
    check('OAuth: ?auth=required makes the SDK start OAuth', false, 'connected without a token');
  } catch (error) {
    check('OAuth: ?auth=required makes the SDK start OAuth', error instanceof UnauthorizedError, error.message);
  }
  check('OAuth: the SDK registered dynamically', !!provider.info?.client_id, provider.info);
  const authorizationUrl = provider.authorizationUrl;
  check('OAuth: the authorization URL carries PKCE S256 and resource', authorizationUrl?.searchParams.get('code_challenge_method') === 'S256' && authorizationUrl?.searchParams.get('resource') === MCP, authorizationUrl?.href);
  if (!authorizationUrl) return;
  const params = await consent(authorizationUrl.href);
  check('OAuth: state comes back', params.get('state') === 'conformance-state', params.toString());
  check('OAuth: iss comes back (RFC 9207)', params.get('iss') === asm.issuer, `${params.get('iss')} vs ${asm.issuer}`);
  await first.finishAuth(params.get('code'));
  check('OAuth: the SDK exchanged the code for tokens', !!provider.saved?.access_token && !!provider.saved?.refresh_token, provider.saved);

  const transport = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  const client = new Client({ name: 'watchtower-ts-conformance', version: '1.0.0' });
  await client.connect(transport);
  check('OAuth: connected with the access token', true);
  await signedIn('OAuth', client);
  await client.close();

  // Refresh through the SDK (rotation: a new refresh token each time).
  const before = provider.saved;
  const refreshed = await auth(provider, { serverUrl: new URL(url) });
  check(
    'OAuth: the SDK refreshes the token (rotated)',
    refreshed === 'AUTHORIZED' && provider.saved.access_token !== before.access_token && provider.saved.refresh_token !== before.refresh_token,
    refreshed
  );
  const again = await connect(url, { authProvider: provider });
  await callOk(again.client, 'OAuth refreshed', 'list_watches', {});
  await again.client.close();
}

async function raw(body, headers = {}, method = 'POST') {
  const response = await fetch(MCP, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: method === 'POST' ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

async function rawProbes() {
  const v = { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION };
  let r = await raw([{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'ping' }], v);
  check('raw: a batch is refused with 400 and a JSON-RPC error', r.status === 400 && typeof r.json?.error?.code === 'number', r.text);
  check('raw: a batch refusal names no pydantic internals', !r.text.includes('pydantic'), r.text.slice(0, 200));
  r = await raw({ jsonrpc: '2.0', id: 5, params: {} }, v);
  check('raw: a message without method is -32600 Invalid Request', r.status === 400 && r.json?.error?.code === -32600, r.text.slice(0, 300));
  r = await raw({ jsonrpc: '2.0', id: { n: 1 }, method: 'ping' }, v);
  check('raw: an object id is -32600, not taken for a notification', r.status === 400 && r.json?.error?.code === -32600, `${r.status} ${r.text}`);
  r = await raw({ jsonrpc: '1.0', id: 2, method: 'ping' }, v);
  check('raw: jsonrpc "1.0" is -32600', r.status === 400 && r.json?.error?.code === -32600 && r.json?.id === 2, r.text.slice(0, 300));
  r = await raw('{"jsonrpc": "2.0", "id": 1, "method": "ping"', v);
  check('raw: malformed JSON is -32700', r.status === 400 && r.json?.error?.code === -32700, r.text);
  r = await raw({ jsonrpc: '2.0', id: 3, method: 'no/such/method' }, v);
  check('raw: unknown method is -32601 with the request id', r.json?.error?.code === -32601 && r.json?.id === 3, r.text);
  r = await raw({ jsonrpc: '2.0', method: 'notifications/initialized' }, v);
  check('raw: a notification is 202 with no body', r.status === 202 && r.text === '', `${r.status} ${r.text}`);
  r = await raw({ jsonrpc: '2.0', id: 4, method: 'ping' }, { 'mcp-protocol-version': '1999-01-01' });
  check('raw: an unsupported MCP-Protocol-Version header is 400', r.status === 400, `${r.status} ${r.text}`);
  r = await raw({ jsonrpc: '2.0', id: 4, method: 'ping' }, {});
  check('raw: no MCP-Protocol-Version header is served (2025-03-26 assumed)', r.status === 200, `${r.status} ${r.text}`);
  r = await raw(
    { jsonrpc: '2.0', id: 6, method: 'initialize', params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'old', version: '1' } } },
    {}
  );
  check('raw: initialize 2024-11-05 negotiates 2024-11-05', r.json?.result?.protocolVersion === '2024-11-05', r.text.slice(0, 200));
  r = await raw(
    { jsonrpc: '2.0', id: 7, method: 'initialize', params: { protocolVersion: '2030-01-01', capabilities: {}, clientInfo: { name: 'new', version: '1' } } },
    {}
  );
  check('raw: initialize with an unknown version answers a supported one', r.json?.result?.protocolVersion === LATEST_PROTOCOL_VERSION, r.text.slice(0, 200));
  r = await raw(undefined, { 'mcp-session-id': 'abc' }, 'GET');
  check('raw: GET (no SSE stream) is 405', r.status === 405, `${r.status}`);
  r = await raw(undefined, { 'mcp-session-id': 'abc' }, 'DELETE');
  check('raw: DELETE (no session) is 405', r.status === 405, `${r.status}`);
  r = await raw({ jsonrpc: '2.0', id: 8, method: 'ping' }, { ...v, 'mcp-session-id': 'stale' });
  check('raw: a stale Mcp-Session-Id is ignored by a stateless server', r.status === 200, `${r.status} ${r.text}`);
}

// A board watch first (through a REST token), so the board's jobs are in every search after it.
async function seed() {
  const response = await fetch(`${BASE}/v1/clients`, { method: 'POST' });
  const { token } = await response.json();
  const { client } = await connect(MCP, { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  await client.listTools();
  const board = await callOk(client, 'seed', 'watch_jobs', { url: BOARD_URL });
  check('seed: the local board is read', (board?.watch?.current_jobs?.length ?? 0) > 0, board?.watch?.initial_check);
  await client.close();
}

async function main() {
  for (const [name, step] of [
    ...(BOARD_URL ? [['seed', seed]] : []),
    ['anonymous', anonymous],
    ['REST token', withRestToken],
    ['OAuth', withOAuth],
    ['raw HTTP', rawProbes]
  ]) {
    try {
      await step();
    } catch (error) {
      check(`${name}: ran to the end`, false, `${error.code ?? ''} ${error.stack || error.message}`);
    }
  }
  console.log(`\n${passes} passed, ${failures} failed`);
  process.exit(failures ? 1 : 0);
}

main();
