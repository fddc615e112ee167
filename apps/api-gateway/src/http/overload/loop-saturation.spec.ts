import { LOOP_WINDOW_MS, LoopSaturation } from './loop-saturation';

describe('LoopSaturation', () => {
  function loop() {
    const times = { idle: 0, active: 0 };
    const saturation = new LoopSaturation(() => ({ ...times }), 0);
    return { times, saturation };
  }

  it('counts a window the loop spent at least nine tenths busy as saturated, and a lighter one as not', () => {
    const { times, saturation } = loop();
    times.active += 95;
    times.idle += 5;
    expect(saturation.isSaturated(LOOP_WINDOW_MS)).toBe(true);
    times.active += 50;
    times.idle += 50;
    expect(saturation.isSaturated(2 * LOOP_WINDOW_MS)).toBe(false);
  });

  it('keeps its answer within a window, and judges the next one on what happened since the last reading', () => {
    const { times, saturation } = loop();
    times.active += 100;
    expect(saturation.isSaturated(LOOP_WINDOW_MS)).toBe(true);
    times.idle += 1_000;
    expect(saturation.isSaturated(LOOP_WINDOW_MS + 10)).toBe(true);
    expect(saturation.isSaturated(2 * LOOP_WINDOW_MS + 10)).toBe(false);
  });

  it('does not count a long quiet stretch with one busy moment as saturated', () => {
    const { times, saturation } = loop();
    times.idle += 5_000;
    times.active += 40;
    expect(saturation.isSaturated(5_040)).toBe(false);
  });

  it('reads the process’s own event loop by default', () => {
    const saturation = new LoopSaturation();
    const busyUntil = Date.now() + 2 * LOOP_WINDOW_MS;
    while (Date.now() < busyUntil) {
      // keeps the loop inside one callback
    }
    expect(saturation.isSaturated(Date.now())).toBe(true);
  });
});
