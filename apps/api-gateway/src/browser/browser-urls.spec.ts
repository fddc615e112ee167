import { browserSessionUrls, CDP_SOCKET_PATH, LIVE_SOCKET_PATH } from './browser-urls';

const ID = '3f2a7c1e-8d4b-4e0a-9c6f-1b2d3e4f5a6b';

describe('browserSessionUrls', () => {
  it('builds ws URLs on an http base and wss on https, keeping a path prefix', () => {
    expect(
      browserSessionUrls('http://localhost:3002', ID, { cdpToken: 'c', viewToken: 'v', interactiveToken: 'i' }),
    ).toEqual({
      cdpUrl: `ws://localhost:3002/v2/browser/${ID}/cdp?token=c`,
      liveViewUrl: `http://localhost:3002/v2/browser/${ID}/live?token=v`,
      interactiveLiveViewUrl: `http://localhost:3002/v2/browser/${ID}/live?token=i`,
    });
    expect(browserSessionUrls('https://api.example.com/harvest/', ID, { cdpToken: 'c' })).toEqual({
      cdpUrl: `wss://api.example.com/harvest/v2/browser/${ID}/cdp?token=c`,
      liveViewUrl: '',
      interactiveLiveViewUrl: '',
    });
  });

  it('matches only the socket paths it serves', () => {
    expect(CDP_SOCKET_PATH.exec(`/v2/browser/${ID}/cdp`)?.[1]).toBe(ID);
    expect(LIVE_SOCKET_PATH.exec(`/v2/browser/${ID}/live/socket`)?.[1]).toBe(ID);
    expect(CDP_SOCKET_PATH.test(`/v2/browser/${ID}/cdp/x`)).toBe(false);
    expect(CDP_SOCKET_PATH.test('/v2/browser/../cdp')).toBe(false);
  });
});
