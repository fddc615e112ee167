import WebSocket from 'ws';
import type { CdpClient, CdpEvent } from '../chromium/cdp-client';
import { frameBuffer } from '../sessions/socket-flow';
import { type ViewerInput, toCdpInput } from './viewer-input';

interface Frame {
  type: 'frame';
  data: string;
  width: number;
  height: number;
}

/**
 * One `Page.startScreencast` per session, shared by every viewer, on the page target created last (the tab a
 * client opened most recently) and moving back to the previous one when it closes. Runs only while someone
 * watches; a new viewer gets the last frame at once.
 */
export class Screencast {
  private readonly viewers = new Set<WebSocket>();
  private readonly pageTargets: string[] = [];
  private current: { targetId: string; sessionId: string } | undefined;
  private lastFrame: string | undefined;
  private switching: Promise<void> = Promise.resolve();

  constructor(
    private readonly cdp: CdpClient,
    /** Interactive input counts as session activity. */
    private readonly onInput: () => void,
  ) {
    cdp.on('event', (event) => this.onEvent(event));
  }

  async start(): Promise<void> {
    await this.cdp.send('Target.setDiscoverTargets', { discover: true });
  }

  addViewer(socket: WebSocket, interactive: boolean): void {
    this.viewers.add(socket);
    if (this.lastFrame) socket.send(this.lastFrame);
    socket.on('close', () => {
      this.viewers.delete(socket);
      if (this.viewers.size === 0) this.retarget(undefined);
    });
    socket.on('error', () => undefined);
    // The view-only socket never turns messages into input, whatever its page sends.
    if (interactive) socket.on('message', (data) => void this.dispatch(frameBuffer(data).toString()));
    if (this.viewers.size === 1) this.retarget(this.pageTargets.at(-1));
  }

  closeViewers(code: number, reason: string): void {
    for (const viewer of this.viewers) viewer.close(code, reason);
    this.viewers.clear();
  }

  private onEvent(event: CdpEvent): void {
    const info = event.params.targetInfo as { targetId: string; type: string } | undefined;
    if (event.method === 'Target.targetCreated' && info?.type === 'page') {
      this.pageTargets.push(info.targetId);
      if (this.viewers.size > 0) this.retarget(info.targetId);
    } else if (event.method === 'Target.targetDestroyed') {
      const targetId = event.params.targetId as string;
      const index = this.pageTargets.indexOf(targetId);
      if (index >= 0) this.pageTargets.splice(index, 1);
      if (this.current?.targetId === targetId) {
        this.current = undefined;
        if (this.viewers.size > 0) this.retarget(this.pageTargets.at(-1));
      }
    } else if (event.method === 'Page.screencastFrame' && event.sessionId === this.current?.sessionId) {
      const metadata = event.params.metadata as { deviceWidth: number; deviceHeight: number };
      const frame: Frame = {
        type: 'frame',
        data: event.params.data as string,
        width: metadata.deviceWidth,
        height: metadata.deviceHeight,
      };
      this.lastFrame = JSON.stringify(frame);
      for (const viewer of this.viewers)
        if (viewer.readyState === WebSocket.OPEN && viewer.bufferedAmount < 4 * 1024 * 1024)
          viewer.send(this.lastFrame);
      this.cdp
        .send('Page.screencastFrameAck', { sessionId: event.params.sessionId }, event.sessionId)
        .catch(() => undefined);
    }
  }

  /** Moves the screencast to another page (or stops it); switches run one after the other. */
  private retarget(targetId: string | undefined): void {
    this.switching = this.switching.then(async () => {
      if (this.current?.targetId === targetId) return;
      if (this.current) {
        const previous = this.current;
        this.current = undefined;
        await this.cdp.send('Page.stopScreencast', {}, previous.sessionId).catch(() => undefined);
        await this.cdp.send('Target.detachFromTarget', { sessionId: previous.sessionId }).catch(() => undefined);
      }
      if (!targetId) return;
      try {
        const attached = await this.cdp.send('Target.attachToTarget', { targetId, flatten: true });
        const sessionId = attached.sessionId as string;
        this.current = { targetId, sessionId };
        await this.cdp.send('Page.enable', {}, sessionId);
        await this.cdp.send('Page.startScreencast', { format: 'jpeg', quality: 70, everyNthFrame: 1 }, sessionId);
      } catch {
        // The page went away while we attached; the next target event moves us on.
      }
    });
  }

  private async dispatch(text: string): Promise<void> {
    const target = this.current;
    if (!target) return;
    let input: ViewerInput;
    try {
      input = JSON.parse(text) as ViewerInput;
    } catch {
      return;
    }
    const call = toCdpInput(input);
    if (!call) return;
    this.onInput();
    await this.cdp.send(call.method, call.params, target.sessionId).catch(() => undefined);
  }
}
