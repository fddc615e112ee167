/** Input the interactive live view page sends, in page (CSS pixel) coordinates. */
export type ViewerInput =
  | {
      type: 'mouse';
      event: 'mousePressed' | 'mouseReleased' | 'mouseMoved';
      x: number;
      y: number;
      button?: string;
      clickCount?: number;
    }
  | { type: 'wheel'; x: number; y: number; deltaX: number; deltaY: number }
  | { type: 'key'; event: 'keyDown' | 'keyUp' | 'char'; key?: string; code?: string; text?: string };

const MOUSE_BUTTONS = new Set(['none', 'left', 'middle', 'right']);

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Turns one viewer message into an `Input.dispatch*` call; anything malformed is dropped. */
export function toCdpInput(input: ViewerInput): { method: string; params: Record<string, unknown> } | undefined {
  if (
    input.type === 'mouse' &&
    ['mousePressed', 'mouseReleased', 'mouseMoved'].includes(input.event) &&
    finite(input.x) &&
    finite(input.y)
  ) {
    const button = input.button && MOUSE_BUTTONS.has(input.button) ? input.button : 'left';
    return {
      method: 'Input.dispatchMouseEvent',
      params: {
        type: input.event,
        x: input.x,
        y: input.y,
        button: input.event === 'mouseMoved' ? 'none' : button,
        clickCount: finite(input.clickCount) ? input.clickCount : 1,
      },
    };
  }
  if (input.type === 'wheel' && finite(input.x) && finite(input.y) && finite(input.deltaX) && finite(input.deltaY)) {
    return {
      method: 'Input.dispatchMouseEvent',
      params: { type: 'mouseWheel', x: input.x, y: input.y, deltaX: input.deltaX, deltaY: input.deltaY },
    };
  }
  if (input.type === 'key' && ['keyDown', 'keyUp', 'char'].includes(input.event)) {
    const params: Record<string, unknown> = { type: input.event };
    if (typeof input.key === 'string') params.key = input.key.slice(0, 32);
    if (typeof input.code === 'string') params.code = input.code.slice(0, 32);
    if (typeof input.text === 'string') params.text = input.text.slice(0, 8);
    return { method: 'Input.dispatchKeyEvent', params };
  }
  return undefined;
}
