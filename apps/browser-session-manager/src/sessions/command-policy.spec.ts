import { judgeCommand } from './command-policy';

const sessionDir = '/var/lib/wh/session-1';
const policy = { sessionDir, downloadsDir: `${sessionDir}/downloads`, allowPrivateTargets: false };

describe('judgeCommand', () => {
  it.each([
    'SystemInfo.getInfo',
    'SystemInfo.getProcessInfo',
    'Tethering.bind',
    'Browser.crash',
    'Browser.crashGpuProcess',
    'Page.crash',
  ])('refuses %s', async (method) => {
    await expect(judgeCommand({ id: 1, method }, policy)).resolves.toMatchObject({
      kind: 'refuse',
      reason: expect.stringContaining(method),
    });
  });

  it('turns Browser.close into the end of the session', async () => {
    await expect(judgeCommand({ id: 1, method: 'Browser.close' }, policy)).resolves.toEqual({ kind: 'end-session' });
  });

  it.each([
    'file:///etc/passwd',
    'chrome://settings',
    'view-source:https://example.com/',
    'http://127.0.0.1:8080/',
    'http://10.1.2.3/',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data',
    'http://localhost/',
  ])('refuses navigation to %s when private targets are not allowed', async (url) => {
    await expect(judgeCommand({ id: 1, method: 'Page.navigate', params: { url } }, policy)).resolves.toMatchObject({
      kind: 'refuse',
    });
    await expect(
      judgeCommand({ id: 2, method: 'Target.createTarget', params: { url } }, policy),
    ).resolves.toMatchObject({ kind: 'refuse' });
  });

  it('lets private addresses through when allowed, but never file: or chrome:', async () => {
    const open = { ...policy, allowPrivateTargets: true };
    await expect(
      judgeCommand({ id: 1, method: 'Page.navigate', params: { url: 'http://127.0.0.1:8080/' } }, open),
    ).resolves.toEqual({ kind: 'forward' });
    await expect(
      judgeCommand({ id: 1, method: 'Page.navigate', params: { url: 'file:///etc/hosts' } }, open),
    ).resolves.toMatchObject({ kind: 'refuse' });
  });

  it.each([{ proxyServer: 'direct://' }, { proxyServer: 'http://10.0.0.5:3128' }, { proxyBypassList: '*' }])(
    'refuses a browser context with a proxy of its own (%j) when private targets are not allowed',
    async (params) => {
      await expect(
        judgeCommand({ id: 1, method: 'Target.createBrowserContext', params }, policy),
      ).resolves.toMatchObject({ kind: 'refuse', reason: expect.stringContaining('proxy') });
    },
  );

  it('forwards a browser context without a proxy, and any when private targets are allowed', async () => {
    await expect(
      judgeCommand({ id: 1, method: 'Target.createBrowserContext', params: { disposeOnDetach: true } }, policy),
    ).resolves.toEqual({ kind: 'forward' });
    await expect(
      judgeCommand(
        { id: 1, method: 'Target.createBrowserContext', params: { proxyServer: 'direct://' } },
        { ...policy, allowPrivateTargets: true },
      ),
    ).resolves.toEqual({ kind: 'forward' });
  });

  it('forwards public and blank navigations and ordinary commands', async () => {
    await expect(
      judgeCommand({ id: 1, method: 'Page.navigate', params: { url: 'http://93.184.215.14/' } }, policy),
    ).resolves.toEqual({ kind: 'forward' });
    await expect(
      judgeCommand({ id: 1, method: 'Target.createTarget', params: { url: 'about:blank' } }, policy),
    ).resolves.toEqual({ kind: 'forward' });
    await expect(
      judgeCommand({ id: 1, method: 'Runtime.evaluate', params: { expression: '1' } }, policy),
    ).resolves.toEqual({ kind: 'forward' });
  });

  it('keeps downloads inside the session folder, replacing a folder elsewhere', async () => {
    await expect(
      judgeCommand(
        {
          id: 1,
          method: 'Browser.setDownloadBehavior',
          params: { behavior: 'allow', downloadPath: `${sessionDir}/downloads/x` },
        },
        policy,
      ),
    ).resolves.toEqual({ kind: 'forward' });
    await expect(
      judgeCommand(
        {
          id: 1,
          method: 'Browser.setDownloadBehavior',
          params: { behavior: 'allowAndName', downloadPath: `${sessionDir}/../other`, eventsEnabled: true },
        },
        policy,
      ),
    ).resolves.toEqual({
      kind: 'rewrite',
      params: { behavior: 'allowAndName', downloadPath: `${sessionDir}/downloads`, eventsEnabled: true },
    });
    await expect(
      judgeCommand({ id: 1, method: 'Page.setDownloadBehavior', params: { behavior: 'deny' } }, policy),
    ).resolves.toEqual({ kind: 'forward' });
  });

  it('allows file uploads only from inside the session folder', async () => {
    await expect(
      judgeCommand(
        { id: 1, method: 'DOM.setFileInputFiles', params: { files: [`${sessionDir}/uploads/a.txt`] } },
        policy,
      ),
    ).resolves.toEqual({ kind: 'forward' });
    await expect(
      judgeCommand(
        { id: 1, method: 'DOM.setFileInputFiles', params: { files: [`${sessionDir}/uploads/a.txt`, '/etc/shadow'] } },
        policy,
      ),
    ).resolves.toMatchObject({ kind: 'refuse' });
    await expect(
      judgeCommand({ id: 1, method: 'DOM.setFileInputFiles', params: { files: ['relative.txt'] } }, policy),
    ).resolves.toMatchObject({ kind: 'refuse' });
  });
});
