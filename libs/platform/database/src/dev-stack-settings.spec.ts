import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ServiceDatabaseConfig } from './service-database-config';
import { applyDevStackSettings } from './dev-stack-settings';

describe('applyDevStackSettings', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wh-dev-settings-'));
  const file = path.join(dataDir, 'stack.env');
  writeFileSync(
    file,
    [
      '# written by npm start: the stack it runs',
      'DATABASE_URL=postgres://postgres:postgres@127.0.0.1:15432/webharvest',
      'NATS_URL=nats://127.0.0.1:14222',
      'WH_NAMESPACE=wh',
      '',
    ].join('\n'),
  );
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("takes npm start's database, NATS and namespace when the environment names no database", () => {
    const config = new ServiceDatabaseConfig();
    expect(applyDevStackSettings(config, { WH_DATA_DIR: dataDir })).toBe(file);
    expect(config).toMatchObject({
      DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:15432/webharvest',
      NATS_URL: 'nats://127.0.0.1:14222',
      WH_NAMESPACE: 'wh',
    });
  });

  it('lets each variable that is set win', () => {
    const config = Object.assign(new ServiceDatabaseConfig(), {
      NATS_URL: 'nats://10.0.0.5:4222',
      WH_NAMESPACE: 'other',
    });
    applyDevStackSettings(config, { WH_DATA_DIR: dataDir, NATS_URL: 'nats://10.0.0.5:4222', WH_NAMESPACE: 'other' });
    expect(config).toMatchObject({
      DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:15432/webharvest',
      NATS_URL: 'nats://10.0.0.5:4222',
      WH_NAMESPACE: 'other',
    });
  });

  it('reads nothing when DATABASE_URL is set, or when npm start wrote no settings', () => {
    const named = Object.assign(new ServiceDatabaseConfig(), { DATABASE_URL: 'postgres://db.internal/webharvest' });
    expect(
      applyDevStackSettings(named, { WH_DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.internal/webharvest' }),
    ).toBeUndefined();
    expect(named.DATABASE_URL).toBe('postgres://db.internal/webharvest');

    const nothingWritten = new ServiceDatabaseConfig();
    expect(applyDevStackSettings(nothingWritten, { WH_DATA_DIR: path.join(dataDir, 'missing') })).toBeUndefined();
    expect(nothingWritten.DATABASE_URL).toBe(new ServiceDatabaseConfig().DATABASE_URL);
  });
});
