import { SpacedCalls } from './spaced-calls';

describe('SpacedCalls', () => {
  const GAP_MS = 50;
  const fire = jest.fn();
  let calls: SpacedCalls;

  beforeEach(() => {
    jest.useFakeTimers();
    fire.mockReset();
    calls = new SpacedCalls(GAP_MS, fire);
  });

  afterEach(() => {
    calls.close();
    jest.useRealTimers();
  });

  it('calls at once, then once at the end of the gap for every signal within it', () => {
    calls.signal();
    expect(fire).toHaveBeenCalledTimes(1);
    for (let index = 0; index < 50; index += 1) calls.signal();
    expect(fire).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(GAP_MS - 1);
    expect(fire).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(fire).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(GAP_MS * 5);
    expect(fire).toHaveBeenCalledTimes(2);
  });

  it('calls at once again after a quiet gap', () => {
    calls.signal();
    jest.advanceTimersByTime(GAP_MS);
    calls.signal();
    expect(fire).toHaveBeenCalledTimes(2);
  });

  it('calls nothing once closed, not even the call waiting for its gap', () => {
    calls.signal();
    calls.signal();
    calls.close();
    jest.advanceTimersByTime(GAP_MS);
    calls.signal();
    expect(fire).toHaveBeenCalledTimes(1);
  });
});
