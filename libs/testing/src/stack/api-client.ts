import type { StackDescription } from './stack';

export interface ApiResponse {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** Raw HTTP calls to the gateway, for checking status codes and bodies exactly. */
export async function callApi(
  stack: Pick<StackDescription, 'baseUrl' | 'apiKey'>,
  method: string,
  path: string,
  body?: unknown,
  options: { rawBody?: string; authorization?: string | null; contentType?: string } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
  const authorization = options.authorization === undefined ? `Bearer ${stack.apiKey}` : options.authorization;
  if (authorization !== null) headers.authorization = authorization;
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers,
    body: options.rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { unparsed: text };
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
