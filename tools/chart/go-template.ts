/**
 * The part of Go's text/template and Helm's function library (sprig) that our chart uses, so `npm test` can render
 * deploy/helm/webharvest without a helm binary (none is packaged for Debian or npm). It follows Go's rules where the
 * chart depends on them: whitespace trimming (`{{-`, `-}}`), truthiness, `and`/`or` returning an operand and
 * stopping early, map ranges in key order, variables scoped to their block. A function the chart does not use is
 * an error, never a silent empty string: extending the chart with one means adding it here.
 */
import { stringify } from 'yaml';

type Value = unknown;
type Scope = Map<string, Value>[];

interface TextNode {
  kind: 'text';
  text: string;
}
interface ActionNode {
  kind: 'action';
  pipeline: Pipeline;
}
interface BranchNode {
  kind: 'if' | 'with' | 'range';
  pipeline: Pipeline;
  body: TemplateNode[];
  elseBody: TemplateNode[];
}
type TemplateNode = TextNode | ActionNode | BranchNode;

interface Pipeline {
  /** `$a := …` declares, `$a = …` assigns; `$k, $v := …` only in range. */
  declare?: { names: string[]; assign: boolean };
  commands: Operand[][];
}
type Operand =
  | { kind: 'literal'; value: Value }
  | { kind: 'dot'; fields: string[] }
  | { kind: 'variable'; name: string; fields: string[] }
  | { kind: 'function'; name: string }
  | { kind: 'group'; pipeline: Pipeline; fields: string[] };

export class TemplateError extends Error {}

/** What `fail` raises: the chart's own refusal, as `helm template` prints it. */
export class TemplateFailure extends TemplateError {}

// ---------------------------------------------------------------------------------------------------------------
// Lexing: text and actions, with Go's trim markers applied.

interface RawAction {
  source: string;
  at: number;
}

function splitActions(source: string): Array<string | RawAction> {
  const parts: Array<string | RawAction> = [];
  let position = 0;
  let trimNext = false;
  for (;;) {
    const open = source.indexOf('{{', position);
    let text = source.slice(position, open === -1 ? undefined : open);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (open === -1) {
      parts.push(text);
      return parts;
    }
    const close = source.indexOf('}}', open + 2);
    if (close === -1) throw new TemplateError(`unclosed action at ${open}`);
    let inner = source.slice(open + 2, close);
    if (/^-\s/.test(inner)) {
      text = text.replace(/\s+$/, '');
      inner = inner.slice(1);
    }
    trimNext = /\s-$/.test(inner);
    if (trimNext) inner = inner.slice(0, -1);
    parts.push(text, { source: inner.trim(), at: open });
    position = close + 2;
  }
}

const FIELD_OF_GROUP = '\u0000';

function tokenize(action: string): string[] {
  const tokens: string[] = [];
  const pattern = /\s*("(?:[^"\\]|\\.)*"|`[^`]*`|:=|=|\||\(|\)|,|[^\s|(),=]+)/y;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < action.length && (match = pattern.exec(action))) {
    const token = match[1];
    if (token === undefined) continue;
    // `(x).Field` reads a field of the group's value; `(x) .Field` is a second argument.
    const fieldOfGroup = token.startsWith('.') && tokens[tokens.length - 1] === ')' && !/^\s/.test(match[0]);
    tokens.push(fieldOfGroup ? `${FIELD_OF_GROUP}${token}` : token);
  }
  if (pattern.lastIndex < action.trimEnd().length) throw new TemplateError(`cannot read action: ${action}`);
  return tokens;
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing.

class TokenStream {
  private index = 0;
  constructor(private readonly tokens: string[]) {}
  peek(): string | undefined {
    return this.tokens[this.index];
  }
  next(): string {
    const token = this.tokens[this.index++];
    if (token === undefined) throw new TemplateError(`action ends early: ${this.tokens.join(' ')}`);
    return token;
  }
  done(): boolean {
    return this.index >= this.tokens.length;
  }
  remaining(): string[] {
    return this.tokens.slice(this.index);
  }
}

function fieldsOf(chain: string): string[] {
  return chain.split('.').filter(Boolean);
}

function parseOperand(stream: TokenStream): Operand {
  const token = stream.next();
  if (token === '(') {
    const pipeline = parsePipeline(stream, ')');
    if (stream.next() !== ')') throw new TemplateError('unbalanced parentheses');
    const following = stream.peek();
    const fields = following?.startsWith(FIELD_OF_GROUP) ? fieldsOf(stream.next().slice(1)) : [];
    return { kind: 'group', pipeline, fields };
  }
  if (token.startsWith('"')) return { kind: 'literal', value: JSON.parse(token) as string };
  if (token.startsWith('`')) return { kind: 'literal', value: token.slice(1, -1) };
  if (/^-?\d+(\.\d+)?$/.test(token)) return { kind: 'literal', value: Number(token) };
  if (token === 'true' || token === 'false') return { kind: 'literal', value: token === 'true' };
  if (token === 'nil') return { kind: 'literal', value: undefined };
  if (token.startsWith('.')) return { kind: 'dot', fields: fieldsOf(token) };
  if (token.startsWith('$')) {
    const [name = '$', ...fields] = token.split('.');
    return { kind: 'variable', name, fields };
  }
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(token)) return { kind: 'function', name: token };
  throw new TemplateError(`unexpected ${token}`);
}

function parsePipeline(stream: TokenStream, stopAt?: string): Pipeline {
  const pipeline: Pipeline = { commands: [] };
  const declared: string[] = [];
  // `$a :=`, `$a =`, `$k, $v :=`
  const lookahead = stream.remaining();
  const operatorAt = lookahead.findIndex((token) => token === ':=' || token === '=');
  if (operatorAt > 0 && lookahead.slice(0, operatorAt).every((token) => token.startsWith('$') || token === ',')) {
    for (let i = 0; i < operatorAt; i++) {
      const token = stream.next();
      if (token !== ',') declared.push(token);
    }
    pipeline.declare = { names: declared, assign: stream.next() === '=' };
  }
  let command: Operand[] = [];
  while (!stream.done() && stream.peek() !== stopAt) {
    if (stream.peek() === '|') {
      stream.next();
      pipeline.commands.push(command);
      command = [];
      continue;
    }
    command.push(parseOperand(stream));
  }
  if (command.length === 0) throw new TemplateError('empty command in pipeline');
  pipeline.commands.push(command);
  return pipeline;
}

interface Parsed {
  nodes: TemplateNode[];
  defines: Map<string, TemplateNode[]>;
}

function parseTemplate(source: string, name: string): Parsed {
  const defines = new Map<string, TemplateNode[]>();
  const root: TemplateNode[] = [];
  type Frame = { nodes: TemplateNode[]; branch?: BranchNode; define?: string };
  const stack: Frame[] = [{ nodes: root }];
  const top = (): Frame => stack[stack.length - 1];
  for (const part of splitActions(source)) {
    if (typeof part === 'string') {
      if (part) top().nodes.push({ kind: 'text', text: part });
      continue;
    }
    const action = part.source;
    if (action.startsWith('/*')) {
      if (!action.endsWith('*/')) throw new TemplateError(`${name}: unclosed comment`);
      continue;
    }
    const keyword = /^(if|with|range|else|end|define|template|block)\b/.exec(action)?.[1];
    const rest = keyword ? action.slice(keyword.length).trim() : action;
    if (keyword === 'if' || keyword === 'with' || keyword === 'range') {
      const branch: BranchNode = {
        kind: keyword,
        pipeline: parsePipeline(new TokenStream(tokenize(rest))),
        body: [],
        elseBody: [],
      };
      top().nodes.push(branch);
      stack.push({ nodes: branch.body, branch });
    } else if (keyword === 'else') {
      const frame = top();
      if (!frame.branch) throw new TemplateError(`${name}: else outside a block`);
      const elseIf = /^(if|with)\b/.exec(rest)?.[1] as 'if' | 'with' | undefined;
      if (elseIf) {
        // `else if x` is `else` holding an `if x` that shares this block's `end`.
        const nested: BranchNode = {
          kind: elseIf,
          pipeline: parsePipeline(new TokenStream(tokenize(rest.slice(elseIf.length)))),
          body: [],
          elseBody: [],
        };
        frame.branch.elseBody.push(nested);
        frame.branch = nested;
        frame.nodes = nested.body;
      } else {
        frame.nodes = frame.branch.elseBody;
      }
    } else if (keyword === 'end') {
      const frame = stack.pop();
      if (!frame || stack.length === 0) throw new TemplateError(`${name}: end without a block`);
      if (frame.define !== undefined) defines.set(frame.define, frame.nodes);
    } else if (keyword === 'define') {
      const defineName = JSON.parse(rest) as string;
      stack.push({ nodes: [], define: defineName });
    } else if (keyword === 'template' || keyword === 'block') {
      throw new TemplateError(`${name}: use include, not ${keyword}`);
    } else {
      top().nodes.push({ kind: 'action', pipeline: parsePipeline(new TokenStream(tokenize(action))) });
    }
  }
  if (stack.length !== 1) throw new TemplateError(`${name}: a block is not closed`);
  return { nodes: root, defines };
}

// ---------------------------------------------------------------------------------------------------------------
// Evaluation.

function isTruthy(value: Value): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function field(value: Value, name: string): Value {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object') throw new TemplateError(`cannot read .${name} of ${typeof value}`);
  return (value as Record<string, Value>)[name];
}

function text(value: Value): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(text).join(' ')}]`;
  return `map[${Object.entries(value)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, item]) => `${key}:${text(item)}`)
    .join(' ')}]`;
}

function printf(format: string, ...args: Value[]): string {
  let index = 0;
  return format.replace(/%([-+ 0#]*\d*)([svdtq%])/g, (_match, _flags: string, verb: string) => {
    if (verb === '%') return '%';
    const value = args[index++];
    if (verb === 'q') return JSON.stringify(text(value));
    if (verb === 'd') return String(Math.trunc(Number(value)));
    return text(value);
  });
}

function toYaml(value: Value): string {
  if (value === undefined || value === null) return 'null';
  return stringify(value).replace(/\n$/, '');
}

function indentLines(spaces: number, value: string): string {
  const pad = ' '.repeat(spaces);
  return value
    .split('\n')
    .map((line) => pad + line)
    .join('\n');
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface RenderContext {
  /** `lookup`'s answer: what a cluster holds, by "apiVersion/kind/namespace/name"; empty as in `helm template`. */
  cluster?: Map<string, Value>;
  /** Randomness of `randAlphaNum` (tests pass a seeded one). */
  random?: () => number;
}

export class TemplateSet {
  private readonly defines = new Map<string, TemplateNode[]>();
  private readonly files = new Map<string, TemplateNode[]>();

  constructor(
    sources: Record<string, string>,
    private readonly context: RenderContext = {},
  ) {
    for (const [name, source] of Object.entries(sources)) {
      const parsed = parseTemplate(source, name);
      this.files.set(name, parsed.nodes);
      for (const [defineName, nodes] of parsed.defines) this.defines.set(defineName, nodes);
    }
  }

  /** One file rendered with `dot` (Helm's `.`: Values, Release, Chart, Capabilities, Template). */
  render(file: string, dot: Value): string {
    const nodes = this.files.get(file);
    if (!nodes) throw new TemplateError(`no template ${file}`);
    try {
      return this.run(nodes, dot, [new Map([['$', dot]])]);
    } catch (error) {
      if (error instanceof TemplateFailure || !(error instanceof TemplateError)) throw error;
      throw new TemplateError(`${error.message}\n  in ${file}`);
    }
  }

  private run(nodes: TemplateNode[], dot: Value, scope: Scope): string {
    let output = '';
    for (const node of nodes) {
      if (node.kind === 'text') output += node.text;
      else if (node.kind === 'action') {
        const value = this.pipeline(node.pipeline, dot, scope);
        if (!node.pipeline.declare) output += text(value);
      } else output += this.branch(node, dot, scope);
    }
    return output;
  }

  private branch(node: BranchNode, dot: Value, scope: Scope): string {
    const inner: Scope = [...scope, new Map<string, Value>()];
    if (node.kind === 'range') {
      const names = node.pipeline.declare?.names ?? [];
      const collection = this.pipeline({ commands: node.pipeline.commands }, dot, inner);
      const entries: Array<[Value, Value]> = Array.isArray(collection)
        ? collection.map((item, index) => [index, item])
        : collection && typeof collection === 'object'
          ? Object.keys(collection)
              .sort()
              .map((key) => [key, (collection as Record<string, Value>)[key]])
          : [];
      if (entries.length === 0) return this.run(node.elseBody, dot, inner);
      let output = '';
      for (const [key, item] of entries) {
        const iteration: Scope = [...scope, new Map<string, Value>()];
        const frame = iteration[iteration.length - 1];
        if (names.length === 1) frame.set(names[0], item);
        if (names.length === 2) {
          frame.set(names[0], key);
          frame.set(names[1], item);
        }
        output += this.run(node.body, item, iteration);
      }
      return output;
    }
    const value = this.pipeline(node.pipeline, dot, inner);
    if (!isTruthy(value)) return this.run(node.elseBody, dot, inner);
    return this.run(node.body, node.kind === 'with' ? value : dot, inner);
  }

  private pipeline(pipeline: Pipeline, dot: Value, scope: Scope): Value {
    let result: Value;
    pipeline.commands.forEach((command, index) => {
      result = this.command(command, dot, scope, index === 0 ? [] : [result]);
    });
    if (pipeline.declare) {
      const [name] = pipeline.declare.names;
      if (name === undefined) throw new TemplateError('declaration without a variable');
      if (pipeline.declare.assign) {
        const frame = [...scope].reverse().find((candidate) => candidate.has(name));
        if (!frame) throw new TemplateError(`assignment to undeclared ${name}`);
        frame.set(name, result);
      } else scope[scope.length - 1].set(name, result);
    }
    return result;
  }

  private operand(operand: Operand, dot: Value, scope: Scope): Value {
    switch (operand.kind) {
      case 'literal':
        return operand.value;
      case 'dot':
        return operand.fields.reduce(field, dot);
      case 'variable': {
        const frame = [...scope].reverse().find((candidate) => candidate.has(operand.name));
        if (!frame) throw new TemplateError(`undefined variable ${operand.name}`);
        return operand.fields.reduce(field, frame.get(operand.name));
      }
      case 'group':
        return operand.fields.reduce(field, this.pipeline(operand.pipeline, dot, scope));
      case 'function':
        return this.call(operand.name, []);
    }
  }

  private command(command: Operand[], dot: Value, scope: Scope, piped: Value[]): Value {
    const [head, ...rest] = command;
    if (!head) throw new TemplateError('empty command');
    if (head.kind !== 'function') {
      if (rest.length > 0 || piped.length > 0) throw new TemplateError('a value cannot take arguments');
      return this.operand(head, dot, scope);
    }
    if (head.name === 'and' || head.name === 'or') {
      // Go evaluates these lazily and returns the operand that decided.
      const operands: Array<() => Value> = [
        ...rest.map((operand) => () => this.operand(operand, dot, scope)),
        ...piped.map((value) => () => value),
      ];
      let last: Value;
      for (const evaluate of operands) {
        last = evaluate();
        if (isTruthy(last) === (head.name === 'or')) return last;
      }
      return last;
    }
    const args = [...rest.map((operand) => this.operand(operand, dot, scope)), ...piped];
    return this.call(head.name, args);
  }

  private call(name: string, args: Value[]): Value {
    const [a, b, c] = args;
    switch (name) {
      case 'include': {
        const nodes = this.defines.get(String(a));
        if (!nodes) throw new TemplateError(`include of undefined template ${String(a)}`);
        try {
          return this.run(nodes, b, [new Map([['$', b]])]);
        } catch (error) {
          if (error instanceof TemplateFailure || !(error instanceof TemplateError)) throw error;
          throw new TemplateError(`${error.message}\n  in ${String(a)}`);
        }
      }
      case 'fail':
        throw new TemplateFailure(String(a));
      case 'default':
        return args.length > 1 && isTruthy(b) ? b : a;
      case 'quote':
        return args.map((value) => JSON.stringify(text(value))).join(' ');
      case 'toString':
        return text(a);
      case 'toYaml':
        return toYaml(a);
      case 'nindent':
        return `\n${indentLines(Number(a), text(b))}`;
      case 'indent':
        return indentLines(Number(a), text(b));
      case 'trunc':
        return text(b).slice(0, Number(a));
      case 'trimSuffix':
        return text(b).endsWith(String(a)) ? text(b).slice(0, -String(a).length) : text(b);
      case 'contains':
        return text(b).includes(String(a));
      case 'replace':
        return text(c).split(String(a)).join(String(b));
      case 'upper':
        return text(a).toUpperCase();
      case 'regexMatch':
        return new RegExp(String(a)).test(text(b));
      case 'printf':
        return printf(String(a), ...args.slice(1));
      case 'eq':
        return args.slice(1).some((other) => other === a);
      case 'ne':
        return a !== b;
      case 'not':
        return !isTruthy(a);
      case 'empty':
        return !isTruthy(a);
      case 'ternary':
        return isTruthy(c) ? a : b;
      case 'hasKey':
        return a !== null && typeof a === 'object' && Object.prototype.hasOwnProperty.call(a, String(b));
      case 'index':
        return args.slice(1).reduce((value: Value, key) => field(value, String(key)), a);
      case 'dict': {
        const map: Record<string, Value> = {};
        for (let i = 0; i < args.length; i += 2) map[String(args[i])] = args[i + 1];
        return map;
      }
      case 'has':
        return Array.isArray(b) && b.includes(a);
      case 'list':
        return [...args];
      case 'append':
        return [...((a as Value[] | undefined) ?? []), b];
      case 'join':
        return ((b as Value[] | undefined) ?? []).map(text).join(String(a));
      case 'lookup':
        return this.context.cluster?.get(args.map(String).join('/')) ?? {};
      case 'randAlphaNum': {
        const random = this.context.random ?? Math.random;
        return Array.from({ length: Number(a) }, () => ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)]).join(
          '',
        );
      }
      case 'b64enc':
        return Buffer.from(text(a)).toString('base64');
      default:
        throw new TemplateError(`function ${name} is not supported by this renderer`);
    }
  }
}
