import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BroadcastPayload, type BroadcastSubject, Subjects } from '@wh/contracts';
import { loadConfig } from '@wh/platform/config';
import {
  applyDevStackSettings,
  createKysely,
  DevStackLocationConfig,
  ServiceDatabaseConfig,
} from '@wh/platform/database';
import { NatsClient, publishBroadcast } from '@wh/platform/messaging';
import { generateApiKey, hashApiKey } from '../api-keys/api-key-secret';
import { ApiKeysRepository } from '../api-keys/api-keys.repository';
import { TeamsRepository } from '../teams/teams.repository';
import { BillingCommands } from './billing.commands';

import type { BillingDatabase } from '../database/billing-database';

const USAGE = `usage: npm run admin -- <command>
  create-team <name> [--concurrency N]   create a team (default concurrency limit 10)
  create-key <team> [--label TEXT]        create an API key for a team; prints it once
  list-keys <team>                        list a team's keys (prefix, id, state)
  revoke-key <team> <key-id>              revoke one key
  webhook-secret <team>                   print the secret the team's webhooks are signed with
  ensure-dev-key --file PATH              create team "dev" and a key once, keep the key in PATH, print it
  define-plan <plan> [--credits N|unlimited] [--tokens N|unlimited] [--concurrency N] [--rate scrape=N,crawl=N,...]
                                          create or change a plan (credits and LLM tokens per calendar month,
                                          requests per minute by kind: scrape, crawl, batch, extract, browser, status,
                                          map, search, parse)
  list-plans                              list the plans
  set-plan <team> <plan>                  put a team on a plan (teams without one are on "unlimited")
  grant-credits <team> <n> --reason TEXT [--key K]
                                          add credits to the team's current period (once per --key)
  revoke-credits <team> <n> --reason TEXT [--key K]
                                          take credits away from the team's current period
  balance <team>                          the team's plan, period and credits
  usage-csv <team> [--from ISO] [--to ISO]
                                          the team's ledger rows as CSV (default: the current period)
  reconcile                               recompute every period's totals from the ledger; exit 1 on drift`;

const NATS_CONNECT_TIMEOUT_MS = 3_000;

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

class AdminCommands {
  private readonly teams: TeamsRepository;
  private readonly keys: ApiKeysRepository;

  constructor(
    db: ReturnType<typeof createKysely<BillingDatabase>>,
    private readonly config: ServiceDatabaseConfig,
  ) {
    this.teams = new TeamsRepository(db);
    this.keys = new ApiKeysRepository(db);
  }

  async createTeam(name: string, concurrency: number): Promise<string> {
    const team = await this.teams.create(name, concurrency);
    return `team ${team.name} ${team.id} (concurrency limit ${team.concurrencyLimit})`;
  }

  async createKey(teamName: string, label: string | null): Promise<string> {
    const team = await this.requireTeam(teamName);
    const key = generateApiKey();
    const id = await this.keys.create(team.id, hashApiKey(key), key.slice(0, 7), label);
    return `key ${id} for team ${team.name}:\n${key}`;
  }

  async listKeys(teamName: string): Promise<string> {
    const team = await this.requireTeam(teamName);
    const keys = await this.keys.listForTeam(team.id);
    return keys
      .map((key) => `${key.id} ${key.prefix}… ${key.revokedAt ? 'revoked' : 'active'} ${key.label ?? ''}`.trim())
      .join('\n');
  }

  async revokeKey(teamName: string, keyId: string): Promise<string> {
    const team = await this.requireTeam(teamName);
    const keyHash = await this.keys.revoke(team.id, keyId);
    if (!keyHash) throw new Error(`team ${teamName} has no active key ${keyId}`);
    try {
      // Gateways cache verified keys: tell them to forget this one now.
      await this.broadcast(Subjects.apiKeyRevoked, { keyHash });
      return `revoked ${keyId}`;
    } catch (error) {
      return `revoked ${keyId}; gateways could not be told (${String(error)}), so they accept it until their AUTH_CACHE_TTL_MS passes`;
    }
  }

  /** Tells every gateway at once, over a connection opened for this one message. */
  private async broadcast<S extends BroadcastSubject>(subject: S, payload: BroadcastPayload<S>): Promise<void> {
    const nats = await NatsClient.connect({
      servers: this.config.NATS_URL,
      namespace: this.config.WH_NAMESPACE,
      serviceName: 'admin-cli',
      connectTimeoutMs: NATS_CONNECT_TIMEOUT_MS,
    });
    try {
      await publishBroadcast(nats, subject, payload);
    } finally {
      await nats.connection.close();
    }
  }

  async webhookSecret(teamName: string): Promise<string> {
    const team = await this.requireTeam(teamName);
    const secret = await this.teams.webhookSecret(team.id, randomBytes(32).toString('hex'));
    if (!secret) throw new Error(`no team named ${teamName}`);
    return secret;
  }

  /** Idempotent: reuses the key in `file` while it is still active. */
  async ensureDevKey(file: string): Promise<string> {
    if (existsSync(file)) {
      const existing = readFileSync(file, 'utf8').trim();
      if (await this.keys.findActiveByHash(hashApiKey(existing))) return existing;
    }
    const team = (await this.teams.findByName('dev')) ?? (await this.teams.create('dev', 10));
    const key = generateApiKey();
    await this.keys.create(team.id, hashApiKey(key), key.slice(0, 7), 'development');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${key}\n`, { mode: 0o600 });
    return key;
  }

  /** Gateways cache balances: tell them this team's changed. Best effort: their cache lifetime bounds a miss. */
  async announceCreditsChanged(teamId: string): Promise<string> {
    try {
      await this.broadcast(Subjects.creditsChanged, { teamId });
      return '';
    } catch (error) {
      return ` (gateways could not be told (${String(error)}); they use the old balance until CREDITS_CACHE_TTL_MS passes)`;
    }
  }

  async requireTeam(name: string) {
    const team = await this.teams.findByName(name);
    if (!team) throw new Error(`no team named ${name}`);
    return team;
  }
}

async function run(commands: AdminCommands, billing: BillingCommands, args: string[]): Promise<string> {
  const [command, first, second] = args;
  switch (command) {
    case 'define-plan':
      if (!first) break;
      return billing.definePlan(
        first,
        option(args, '--credits'),
        option(args, '--concurrency'),
        option(args, '--rate'),
        option(args, '--tokens'),
      );
    case 'list-plans':
      return billing.listPlans();
    case 'set-plan':
      if (!first || !second) break;
      return billing.setPlan(await commands.requireTeam(first), second);
    case 'grant-credits':
      if (!first) break;
      return billing.grant(await commands.requireTeam(first), second, option(args, '--reason'), option(args, '--key'));
    case 'revoke-credits':
      if (!first) break;
      return billing.revoke(await commands.requireTeam(first), second, option(args, '--reason'), option(args, '--key'));
    case 'balance':
      if (!first) break;
      return billing.balance(await commands.requireTeam(first));
    case 'usage-csv':
      if (!first) break;
      return billing.usageCsv(await commands.requireTeam(first), option(args, '--from'), option(args, '--to'));
    case 'reconcile': {
      const { output, drift } = await billing.reconcile();
      if (drift) process.exitCode = 1;
      return output;
    }
    case 'create-team':
      if (!first) break;
      return commands.createTeam(first, Number(option(args, '--concurrency') ?? 10));
    case 'create-key':
      if (!first) break;
      return commands.createKey(first, option(args, '--label') ?? null);
    case 'list-keys':
      if (!first) break;
      return commands.listKeys(first);
    case 'revoke-key':
      if (!first || !second) break;
      return commands.revokeKey(first, second);
    case 'webhook-secret':
      if (!first) break;
      return commands.webhookSecret(first);
    case 'ensure-dev-key': {
      const file = option(args, '--file');
      if (!file) break;
      return commands.ensureDevKey(file);
    }
  }
  throw new Error(USAGE);
}

async function main(): Promise<void> {
  const config = loadConfig(ServiceDatabaseConfig);
  const settingsFile = applyDevStackSettings(config, loadConfig(DevStackLocationConfig));
  // On stderr, so the output stays what scripts parse (a key is the last line of create-key's).
  if (settingsFile) process.stderr.write(`using the stack npm start runs: settings from ${settingsFile}\n`);
  const db = createKysely<BillingDatabase>(config.DATABASE_URL, () => undefined, 1);
  try {
    const commands = new AdminCommands(db, config);
    const billing = new BillingCommands(db, (teamId) => commands.announceCreditsChanged(teamId));
    process.stdout.write(`${await run(commands, billing, process.argv.slice(2))}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

void main();
