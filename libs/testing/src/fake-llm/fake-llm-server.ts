import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../fixture-server/loopback-listener';

/** One scripted answer of the fake server. */
export type FakeLlmReply =
  /** A completion whose content is `JSON.stringify(value)`. */
  | { kind: 'json'; value: unknown; withoutUsage?: boolean; delayMs?: number }
  /** The same JSON inside a markdown code fence, with a line of prose before it. */
  | { kind: 'fenced'; value: unknown; withoutUsage?: boolean }
  /** A completion with this content as is (invalid JSON, a summary, ...). */
  | { kind: 'text'; text: string; withoutUsage?: boolean; finishReason?: string }
  /** An error status with an OpenAI-shaped error body and optional headers (`retry-after`). */
  | { kind: 'status'; status: number; message?: string; headers?: Record<string, string> }
  /** Accepts the request and never answers (until the server closes). */
  | { kind: 'hang' };

/** What a request received looked like. */
export interface FakeLlmRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: FakeChatBody;
  /** What the server did with it: the reply given, or `rejected` for a refused response_format. */
  answer: FakeLlmReply | 'rejected';
  /**
   * Milliseconds from the request's arrival to its answer's last byte handed to the socket, scripted delay included:
   * the provider's own time, which a benchmark takes out of a caller's round trip.
   */
  servedMs?: number;
}

export interface FakeChatBody {
  model?: string;
  messages?: Array<{ role: string; content: string }>;
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  [key: string]: unknown;
}

export interface FakeLlmOptions {
  /** `response_format` types answered with a 400 naming `response_format`, as servers without them do. */
  rejectResponseFormats?: Array<'json_schema' | 'json_object'>;
  /** Model name reported in replies (default: the requested one). */
  model?: string;
}

export interface FakeLlm {
  /** `http://127.0.0.1:<port>/v1`: a base URL as an OpenAI-compatible client expects. */
  baseUrl: string;
  /** Every request received, in order. */
  readonly requests: FakeLlmRequest[];
  /** Most requests being answered at the same time so far. */
  readonly maxInFlight: number;
  /** Queues replies, used one per request in order. */
  script(...replies: FakeLlmReply[]): void;
  /** Answers requests the script does not cover (default: a 500 saying the script ran out). */
  otherwise(answer: (body: FakeChatBody) => FakeLlmReply): void;
  setOptions(options: FakeLlmOptions): void;
  /** The system and user messages of request `index`, joined. */
  promptOf(index: number): string;
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible chat-completions server on loopback for tests, answering from a script, recording every
 * request so that tests can look at the prompts and response formats that were sent.
 */
export async function startFakeLlm(initial: FakeLlmOptions = {}): Promise<FakeLlm> {
  const queue: FakeLlmReply[] = [];
  const requests: FakeLlmRequest[] = [];
  let options = initial;
  let fallback: (body: FakeChatBody) => FakeLlmReply = () => ({
    kind: 'status',
    status: 500,
    message: 'the fake LLM has no scripted reply left',
  });
  let inFlight = 0;
  let maxInFlight = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const arrivedAt = performance.now();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: FakeChatBody;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeChatBody;
    } catch {
      sendJson(res, 400, { error: { message: 'body is not JSON', type: 'invalid_request_error' } });
      return;
    }
    if (!req.url?.split('?')[0].endsWith('/chat/completions')) {
      sendJson(res, 404, { error: { message: `no route ${req.url}` } });
      return;
    }
    const format = body.response_format?.type as 'json_schema' | 'json_object' | undefined;
    if (format && options.rejectResponseFormats?.includes(format)) {
      requests.push({ path: req.url, headers: req.headers, body, answer: 'rejected' });
      sendJson(res, 400, {
        error: {
          message: `response_format type '${format}' is not supported`,
          type: 'invalid_request_error',
          param: 'response_format',
        },
      });
      return;
    }
    const answer = queue.shift() ?? fallback(body);
    const received: FakeLlmRequest = { path: req.url, headers: req.headers, body, answer };
    requests.push(received);
    if (answer.kind === 'hang') return;
    if (answer.kind === 'status') {
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(
        JSON.stringify({ error: { message: answer.message ?? `status ${answer.status}`, type: 'server_error' } }),
      );
      return;
    }
    if (answer.kind === 'json' && answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    const content =
      answer.kind === 'json'
        ? JSON.stringify(answer.value)
        : answer.kind === 'fenced'
          ? `Here is the data:\n\n\`\`\`json\n${JSON.stringify(answer.value, null, 2)}\n\`\`\``
          : answer.text;
    const prompt = (body.messages ?? []).map((message) => message.content).join('\n');
    const reply: Record<string, unknown> = {
      id: `chatcmpl-${requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: options.model ?? body.model ?? 'fake',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content },
          finish_reason: answer.kind === 'text' ? (answer.finishReason ?? 'stop') : 'stop',
        },
      ],
    };
    if (!answer.withoutUsage) {
      // Roughly four characters a token, like a real server's count: tests only check that usage comes through.
      reply.usage = { prompt_tokens: Math.ceil(prompt.length / 4), completion_tokens: Math.ceil(content.length / 4) };
    }
    sendJson(res, 200, reply);
    received.servedMs = performance.now() - arrivedAt;
  };

  const server = createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => {
      inFlight -= 1;
    });
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } });
    });
  });
  const { port, close } = await listenOnLoopback(server);

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get maxInFlight() {
      return maxInFlight;
    },
    script: (...replies) => {
      queue.push(...replies);
    },
    otherwise: (answer) => {
      fallback = answer;
    },
    setOptions: (next) => {
      options = next;
    },
    promptOf: (index) => (requests[index]?.body.messages ?? []).map((message) => message.content).join('\n'),
    close,
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
