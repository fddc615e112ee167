import { toCdpInput, type ViewerInput } from './viewer-input';

describe('toCdpInput', () => {
  it('turns clicks, moves and wheel turns into Input.dispatchMouseEvent', () => {
    expect(toCdpInput({ type: 'mouse', event: 'mousePressed', x: 10, y: 20, button: 'left', clickCount: 1 })).toEqual({
      method: 'Input.dispatchMouseEvent',
      params: { type: 'mousePressed', x: 10, y: 20, button: 'left', clickCount: 1 },
    });
    expect(toCdpInput({ type: 'mouse', event: 'mouseMoved', x: 1, y: 2, button: 'right' })?.params).toMatchObject({
      button: 'none',
    });
    expect(toCdpInput({ type: 'wheel', x: 5, y: 6, deltaX: 0, deltaY: 120 })).toEqual({
      method: 'Input.dispatchMouseEvent',
      params: { type: 'mouseWheel', x: 5, y: 6, deltaX: 0, deltaY: 120 },
    });
  });

  it('turns keys into Input.dispatchKeyEvent, trimming long fields', () => {
    expect(toCdpInput({ type: 'key', event: 'char', key: 'a', text: 'a' })).toEqual({
      method: 'Input.dispatchKeyEvent',
      params: { type: 'char', key: 'a', text: 'a' },
    });
    expect(toCdpInput({ type: 'key', event: 'keyDown', key: 'x'.repeat(100) })?.params.key).toHaveLength(32);
  });

  it.each([
    { type: 'mouse', event: 'mousePressed', x: 'a', y: 1 },
    { type: 'mouse', event: 'dragged', x: 1, y: 1 },
    { type: 'wheel', x: 1, y: 1, deltaX: Infinity, deltaY: 0 },
    { type: 'key', event: 'rawKeyDown' },
    { type: 'touch' },
  ])('drops malformed input %j', (input) => {
    expect(toCdpInput(input as unknown as ViewerInput)).toBeUndefined();
  });
});
